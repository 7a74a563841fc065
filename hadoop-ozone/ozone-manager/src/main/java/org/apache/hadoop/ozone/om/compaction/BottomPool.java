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

package org.apache.hadoop.ozone.om.compaction;

import org.rocksdb.Env;
import org.rocksdb.Priority;

/**
 * Where the service's compactions run: in RocksDB's BOTTOM thread pool, at the lowest CPU and I/O priority, so that
 * they take only the CPU and disk that OM's request threads leave idle. While they ran in the LOW pool beside
 * RocksDB's own compactions, requests that arrived during one waited for a CPU (docs/design/range-compaction.md,
 * "What clients wait on").
 *
 * <p>RocksDB schedules a manual compaction step whose output is the table's last level in the BOTTOM pool whenever
 * that pool has threads, and forwards its own compactions into the last level there too, as compactions that do
 * not add to write stalls; the service's compactions end in the last level. RocksDB's compactions into the levels
 * above, which keep L0 from stalling writes, stay in the LOW pool at their priority.
 */
final class BottomPool {

  private BottomPool() {
  }

  /**
   * Gives {@code env}'s BOTTOM pool one thread of the lowest priority, unless it has threads already (set up by
   * someone else, whose priority is kept). The thread stays for the process's life: a pool shrunk to no threads
   * would strand the compactions queued in it, and a DB waits for those when it closes.
   */
  static synchronized void reserve(Env env) {
    if (env.getBackgroundThreads(Priority.BOTTOM) > 0) {
      return;
    }
    env.setBackgroundThreads(1, Priority.BOTTOM);
    env.lowerThreadPoolCPUPriority(Priority.BOTTOM);
    env.lowerThreadPoolIOPriority(Priority.BOTTOM);
  }
}
