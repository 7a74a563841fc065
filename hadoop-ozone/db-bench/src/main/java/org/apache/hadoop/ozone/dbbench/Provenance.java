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

import com.sun.management.OperatingSystemMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * Where a result came from, as every result of this project records it: this checkout's git commit and whether its
 * tree had uncommitted changes, the command line, when it started, how long it took, and the machine. The wrapper
 * ({@code scripts/db-bench}) knows the checkout and the command line and passes them as system properties; the JVM
 * knows the rest.
 *
 * @param gitCommit {@code git rev-parse HEAD} of the checkout, or null outside the wrapper
 * @param gitDirty whether {@code git status --porcelain} listed changes, or null outside the wrapper
 * @param commandLine the wrapper's command line, or null outside the wrapper
 * @param startedAt when the run started (UTC, seconds)
 * @param wallSeconds the run's wall time, its page aside
 * @param cores processors the JVM saw
 * @param memoryGiB the machine's physical memory
 */
record Provenance(String gitCommit, Boolean gitDirty, String commandLine, String startedAt, double wallSeconds,
    int cores, double memoryGiB) {
  static final String COMMIT_PROPERTY = "dbbench.git.commit";
  static final String DIRTY_PROPERTY = "dbbench.git.dirty";
  static final String COMMAND_PROPERTY = "dbbench.command";

  /** @return the provenance of a run that started at {@code started} and ends now */
  static Provenance of(Instant started) {
    String dirty = System.getProperty(DIRTY_PROPERTY);
    long memory = ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
    return new Provenance(System.getProperty(COMMIT_PROPERTY), dirty == null ? null : Boolean.valueOf(dirty),
        System.getProperty(COMMAND_PROPERTY), started.truncatedTo(ChronoUnit.SECONDS).toString(),
        Math.round(Duration.between(started, Instant.now()).toMillis() / 100.0) / 10.0,
        Runtime.getRuntime().availableProcessors(), Math.round(memory / (double) (1L << 30) * 10) / 10.0);
  }
}
