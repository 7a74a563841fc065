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

package org.apache.hadoop.ozone.freon.omkeybench;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The directories of a run with {@code --files-per-dir N}: key {@code s} goes to {@code <prefix>/dir-<s / N>}, and a
 * directory becomes available to DELETEDIR once all N creates of its keys have finished, so nothing recreates it.
 */
final class FsoDirectories {

  private final String prefix;
  private final int filesPerDir;
  private final boolean oldestFirst;
  /** Directories that still have creates to run, by number. */
  private final Map<Long, BenchDir> open = new ConcurrentHashMap<>();
  /** Directories whose creates have all finished (never full); null without deletedir, which alone takes them. */
  private final LiveSet<BenchDir> complete;

  FsoDirectories(String prefix, OmKeyBenchSettings settings) {
    this.prefix = prefix;
    this.filesPerDir = settings.filesPerDir();
    this.oldestFirst = settings.deleteOrder() == OmKeyBenchSettings.DeleteOrder.OLDEST;
    this.complete = settings.weights().uses(OmKeyBenchOp.DELETEDIR)
        ? new LiveSet<BenchDir>(Integer.MAX_VALUE, oldestFirst) : null;
  }

  /** @return the directory of the key with sequence number {@code seq} */
  BenchDir dirOf(long seq) {
    return open.computeIfAbsent(seq / filesPerDir, d -> new BenchDir(String.format("%s/dir-%012d", prefix, d)));
  }

  /** Records that the create of key {@code seq} in {@code dir} has finished, successfully or not. */
  void createFinished(long seq, BenchDir dir) {
    if (dir.finishCreate() == filesPerDir) {
      open.remove(seq / filesPerDir);
      if (complete != null) {
        complete.tryAdd(dir);
      }
    }
  }

  /** @return a complete directory (random by {@code random}, or the oldest), no longer available; null if none */
  BenchDir takeForDelete(long random) {
    LiveSet.Handle<BenchDir> h = oldestFirst ? complete.removeOldest() : complete.removeRandom(random);
    return h == null ? null : h.value();
  }
}
