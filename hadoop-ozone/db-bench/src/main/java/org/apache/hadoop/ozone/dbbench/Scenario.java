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

import org.apache.hadoop.ozone.dbbench.ObjectStoreModel.DeleteOrder;
import org.apache.hadoop.ozone.dbbench.ObjectStoreModel.Shape;

/** The workloads: each names the write model it replays and the tombstone pain it exposes. */
enum Scenario {
  /** The reference workload create:20,delete:8,list:1, 25,000 tracked keys, zero-size, lists after a random key. */
  SEED("seed", new Shape(20, 8, 1, 25_000, DeleteOrder.RANDOM, false, false)),
  /**
   * Lifecycle expiry: the oldest keys are deleted (18 deletes per 20 creates, so the bucket grows slowly) and
   * listings start at the bucket's first key (S3 ListObjects without a marker): a growing run of tombstones at the
   * head of keyTable.
   */
  RETENTION("retention", new Shape(20, 18, 1, Integer.MAX_VALUE, DeleteOrder.OLDEST, true, false)),
  /** The seed's mix with keys that have blocks: deletes feed deletedTable, the key deleting service drains it. */
  DATA_KEYS("data-keys", new Shape(20, 8, 1, 25_000, DeleteOrder.RANDOM, false, true)),
  /** Short-lived FSO directories: openFileTable, deletedDirectoryTable and deletedTable queues. */
  FSO("fso", null);

  private final String id;
  private final Shape shape;

  Scenario(String id, Shape shape) {
    this.id = id;
    this.shape = shape;
  }

  String id() {
    return id;
  }

  WriteModel newModel(long seed, WriteSink sink, long serviceEveryOps) {
    return shape == null ? new FsoModel(seed, sink, serviceEveryOps)
        : new ObjectStoreModel(shape, seed, sink, serviceEveryOps);
  }

  static Scenario byId(String id) {
    for (Scenario s : values()) {
      if (s.id.equals(id)) {
        return s;
      }
    }
    throw new IllegalArgumentException("Unknown scenario '" + id + "'; known: seed, retention, data-keys, fso, all");
  }
}
