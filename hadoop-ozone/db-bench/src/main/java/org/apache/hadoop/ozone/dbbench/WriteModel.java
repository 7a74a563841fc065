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

import static java.nio.charset.StandardCharsets.UTF_8;

import java.util.ArrayList;
import java.util.BitSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import org.apache.hadoop.ozone.OmUtils;
import org.apache.hadoop.ozone.om.OMConfigKeys;

/**
 * What OM 2.2.1 writes to its RocksDB for one workload, one client operation per {@link #step()}, plus OM's
 * background services (key and directory deleting) on the operation clock. The model knows the exact rows every
 * table must hold afterwards ({@link #families()}), so the benchmark can check any arm against it.
 *
 * <p>The operation stream depends only on the seed: every arm replays exactly the same writes.
 */
abstract class WriteModel {
  /** Most deletedTable rows one run of OM's KeyDeletingService purges (ozone.key.deleting.limit.per.task). */
  static final int KEY_DELETING_LIMIT = OMConfigKeys.OZONE_KEY_DELETING_LIMIT_PER_TASK_DEFAULT;
  /** Most directories and files one run of OM's DirectoryDeletingService purges (ozone.path.deleting.limit...). */
  static final int PATH_DELETING_LIMIT = OMConfigKeys.OZONE_PATH_DELETING_LIMIT_PER_TASK_DEFAULT;

  protected final SplittableRandom random;
  protected final WriteSink sink;
  private final long serviceEveryOps;
  private long done;

  /** @param serviceEveryOps operations between two runs of OM's deleting services (their 60 s interval) */
  WriteModel(long seed, WriteSink sink, long serviceEveryOps) {
    this.random = new SplittableRandom(seed);
    this.sink = sink;
    this.serviceEveryOps = serviceEveryOps;
  }

  /** Replays the next client operation and, when their interval has passed, OM's deleting services. */
  final void step() {
    operation();
    done++;
    if (done % serviceEveryOps == 0) {
      deletingServices();
    }
  }

  protected abstract void operation();

  /** One run of the deleting services the workload needs; none by default. */
  protected void deletingServices() {
  }

  /**
   * One KeyDeletingService run over a queue: purges its first {@link #KEY_DELETING_LIMIT} rows in key order, which
   * is id order for the families the models purge, in one batch ({@code OMKeyPurgeResponse}).
   */
  protected void purgeHead(KeyFamily queue) {
    BitSet pending = queue.ids();
    int purged = 0;
    for (int id = pending.nextSetBit(0); id >= 0 && purged < KEY_DELETING_LIMIT; id = pending.nextSetBit(id + 1)) {
      sink.delete(queue.table(), queue.key(id));
      pending.clear(id);
      purged++;
    }
    if (purged > 0) {
      sink.commit();
    }
  }

  /** @return every kind of row the model writes, with the ids each table must hold now */
  abstract List<KeyFamily> families();

  /** @return the queue-like tables the workload writes: read from their head by OM's cleanup services */
  abstract List<String> queueTables();

  /**
   * @return the tables whose tombstones the report counts: the listed one, the queue-like ones, then the scanned
   *     ones
   */
  List<String> measuredTables() {
    Set<String> tables = new LinkedHashSet<>();
    tables.add(listRead(new SplittableRandom(0)).table());
    tables.addAll(queueTables());
    scans().values().forEach(scan -> tables.add(scan.table()));
    return new ArrayList<>(tables);
  }

  /**
   * @return reads of whole-table readers (Recon's sync, snapshot diff), by name, where they cross what the workload
   *     left; none by default
   */
  Map<String, ListRead> scans() {
    return Map.of();
  }

  /** @return a listing like the workload's LIST operation, drawn with the caller's random (not the model's) */
  abstract ListRead listRead(SplittableRandom readRandom);

  static byte[] bytes(String s) {
    return s.getBytes(UTF_8);
  }

  /** An object id as OM (with Ratis) derives it from a transaction index: negative, so FSO keys start with '-'. */
  static long objectId(long transaction) {
    return OmUtils.getObjectIdFromTxId(OmUtils.EPOCH_WHEN_RATIS_ENABLED, transaction);
  }
}
