/*
 * Licensed to the Apache Software Foundation (ASF) under one or more
 * contributor license agreements. See the NOTICE file distributed with
 * this work for additional information regarding copyright ownership.
 * The ASF licenses this file to You under the Apache License, Version 2.0
 * (the "License"); you may not use this file except in compliance with
 * the License. You may obtain a copy of the License at
 *
 *      http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package org.apache.hadoop.ozone.dbbench;

import java.util.Arrays;
import java.util.stream.Collectors;
import org.apache.hadoop.ozone.dbbench.ObjectStoreModel.DeleteOrder;
import org.apache.hadoop.ozone.dbbench.ObjectStoreModel.Shape;

/** The workloads: each names the write model it replays and the tombstone pain it exposes. */
enum Scenario {
  /** The reference workload create:20,delete:8,list:1, 25,000 tracked keys, zero-size, lists after a random key. */
  SEED("seed", false, "create:20,delete:8,list:1 of zero-size keys, at most 25,000 tracked, a random tracked "
      + "key deleted, listings after a random tracked key", (seed, sink, ops, every) ->
      new ObjectStoreModel(new Shape(20, 8, 1, 25_000, DeleteOrder.RANDOM, false, false), seed, sink, every)),
  /**
   * Lifecycle expiry, ab-bench's retention: the seed's mix, the oldest tracked key deleted, and listings from the
   * bucket's first key (S3 ListObjects without a marker): a run of tombstones at the head of keyTable.
   */
  RETENTION("retention", false, "create:20,delete:8,list:1 of zero-size keys, at most 25,000 tracked, the "
      + "oldest tracked key deleted, listings from the bucket's first key", (seed, sink, ops, every) ->
      new ObjectStoreModel(new Shape(20, 8, 1, 25_000, DeleteOrder.OLDEST, true, false), seed, sink, every)),
  /** The seed's mix with keys that have blocks: deletes feed deletedTable, the key deleting service drains it. */
  DATA_KEYS("data-keys", false, "the seed's mix with keys of one block: deletes go through deletedTable and "
      + "the key deleting service", (seed, sink, ops, every) ->
      new ObjectStoreModel(new Shape(20, 8, 1, 25_000, DeleteOrder.RANDOM, false, true), seed, sink, every)),
  /** Short-lived FSO directories: openFileTable, deletedDirectoryTable and deletedTable queues. */
  FSO("fso", false, "an FSO bucket: directories of 10 files created, files and whole directories deleted, "
      + "listings of a directory", (seed, sink, ops, every) -> new FsoModel(seed, sink, every)),
  /**
   * A bucket filled, then most of it expired at once, oldest keys first, then quiet: tombstones no reader crosses
   * until the first listing after the quiet period crosses them all.
   */
  BULK_EXPIRE("bulk-expire", true, "keys of one block created, then the oldest five in six deleted at once, "
      + "then quiet", BulkExpireModel::new),
  /** The same in an FSO bucket: directory trees filled with files, then the oldest trees deleted, then quiet. */
  BULK_EXPIRE_FSO("bulk-expire-fso", true, "FSO directory trees of files created, then the oldest "
      + "trees deleted at once, then quiet", BulkExpireFsoModel::new);

  /** Makes a scenario's write model. */
  @FunctionalInterface
  private interface ModelFactory {
    WriteModel create(long seed, WriteSink sink, long ops, long serviceEveryOps);
  }

  private final String id;
  private final boolean bulk;
  private final String workload;
  private final ModelFactory factory;

  Scenario(String id, boolean bulk, String workload, ModelFactory factory) {
    this.id = id;
    this.bulk = bulk;
    this.workload = workload;
    this.factory = factory;
  }

  String id() {
    return id;
  }

  /** @return what the scenario writes and reads, for its page */
  String workload() {
    return workload;
  }

  /**
   * @return whether the scenario is a burst followed by a quiet period: no reads are sampled during the replay, the
   *     arms get the quiet period's looks ({@link QuietPeriod}), and the first read of each kind after it is reported
   */
  boolean isBulk() {
    return bulk;
  }

  /**
   * @param ops the run's operations (the bulk scenarios split them between filling and expiring)
   * @param serviceEveryOps operations between two runs of OM's deleting services
   */
  WriteModel newModel(long seed, WriteSink sink, long ops, long serviceEveryOps) {
    return factory.create(seed, sink, ops, serviceEveryOps);
  }

  static Scenario byId(String id) {
    for (Scenario s : values()) {
      if (s.id.equals(id)) {
        return s;
      }
    }
    throw new IllegalArgumentException("Unknown scenario '" + id + "'; known: "
        + Arrays.stream(values()).map(Scenario::id).collect(Collectors.joining(", ")) + ", all");
  }
}
