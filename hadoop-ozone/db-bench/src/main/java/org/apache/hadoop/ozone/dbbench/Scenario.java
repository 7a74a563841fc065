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

/** The workloads: each names the write model it replays and the tombstone pain it exposes. */
enum Scenario {
  /** The reference workload: zero-size keys, random deletes, lists after a random tracked key. */
  SEED("seed", false, "omkeybench " + Workloads.options("seed"), (seed, sink, ops, every) ->
      new ObjectStoreModel(Workloads.shape("seed"), seed, sink, every)),
  /**
   * Lifecycle expiry: the oldest tracked key deleted, and listings from the bucket's first key (S3 ListObjects
   * without a marker): a run of tombstones at the head of keyTable.
   */
  RETENTION("retention", false, "omkeybench " + Workloads.options("retention"), (seed, sink, ops, every) ->
      new ObjectStoreModel(Workloads.shape("retention"), seed, sink, every)),
  /** The seed's mix with keys that have blocks: deletes feed deletedTable, the key deleting service drains it. */
  DATA_KEYS("data-keys", false, "omkeybench " + Workloads.options("data-keys") + " (keys of one block)",
      (seed, sink, ops, every) -> new ObjectStoreModel(Workloads.shape("data-keys"), seed, sink, every)),
  /**
   * Short-lived FSO job directories: openFileTable, deletedDirectoryTable and deletedTable queues. Not ab-bench's
   * fso (create:20,delete:4,deletedir:1,list:1 of directories of 10 files), hence its own name.
   */
  FSO_JOBS("fso-jobs", false, "an FSO bucket of short-lived job directories of " + FsoModel.FILES_PER_DIR
      + " files: " + FsoModel.WEIGHTS + ", listings of the run's directory",
      (seed, sink, ops, every) -> new FsoModel(seed, sink, every)),
  /**
   * A bucket filled, then most of it expired at once, oldest keys first, then quiet: tombstones no reader crosses
   * until the first listing after the quiet period crosses them all.
   */
  BULK_EXPIRE("bulk-expire", true, "keys of one block created, then the oldest five in six deleted at once, "
      + "then quiet", BulkExpireModel::new),
  /** The same in an FSO bucket: directory trees filled with files, then the oldest trees deleted, then quiet. */
  BULK_EXPIRE_FSO("bulk-expire-fso", true, "FSO directory trees of files created, then the oldest "
      + "trees deleted at once, then quiet; the purge deletes each row with a point delete",
      (seed, sink, ops, every) -> new BulkExpireFsoModel(seed, sink, ops, every, false)),
  /** The same, with the purge's deletes of a directory's children as one DeleteRange each (seed 004). */
  BULK_EXPIRE_FSO_RANGE("bulk-expire-fso-range", true, "bulk-expire-fso with the purge's deletes of a directory's "
      + "children from directoryTable and fileTable as one DeleteRange per directory",
      (seed, sink, ops, every) -> new BulkExpireFsoModel(seed, sink, ops, every, true));

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
