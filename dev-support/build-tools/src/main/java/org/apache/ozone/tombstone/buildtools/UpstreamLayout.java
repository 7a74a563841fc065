/*
 * Licensed to the Apache Software Foundation (ASF) under one or more
 * contributor license agreements.  See the NOTICE file distributed with
 * this work for additional information regarding copyright ownership.
 * The ASF licenses this file to You under the Apache License, Version 2.0
 * (the "License"); you may not use this file except in compliance with
 * the License.  You may obtain a copy of the License at
 *
 *      http://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */

package org.apache.ozone.tombstone.buildtools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Where one of our files lives in upstream's tree. Mostly where it lives here, with two exceptions:
 * <ul>
 *   <li>A test that starts a MiniOzoneCluster, or runs on one that a suite shares (a {@code ...Tests.TestCase}, as
 *   upstream's NonHATests.TestCase). Upstream keeps every such test in {@code hadoop-ozone/integration-test},
 *   because the mini-cluster module depends on ozone-manager and so ozone-manager's (or freon's) own tests cannot use
 *   it; our overlay modules run them beside the code they test, with the released mini-cluster jar on their test
 *   classpath.</li>
 *   <li>A managed RocksObject (package {@code org.apache.hadoop.hdds.utils.db.managed}). Upstream keeps them in
 *   {@code hadoop-hdds/managed-rocksdb}, which this fork does not rebuild; ours live in the framework module, the one
 *   that uses them, in the same package.</li>
 * </ul>
 */
final class UpstreamLayout {
  static final String INTEGRATION_TESTS = "hadoop-ozone/integration-test/src/test/java/";
  private static final String TEST_SOURCES = "/src/test/java/";
  private static final String MINI_CLUSTER = "org.apache.hadoop.ozone.MiniOzone";
  private static final String SHARED_CLUSTER = "Tests.TestCase";
  private static final String FRAMEWORK = "hadoop-hdds/framework/";
  private static final String FRAMEWORK_MANAGED = FRAMEWORK + "src/main/java/org/apache/hadoop/hdds/utils/db/managed/";
  private static final String MANAGED_ROCKSDB = "hadoop-hdds/managed-rocksdb/";

  private UpstreamLayout() {
  }

  /** The path upstream gives {@code file} (relative to the project, '/'-separated), relative to its tree. */
  static String upstreamPath(Path project, String file) throws IOException {
    if (file.startsWith(FRAMEWORK_MANAGED)) {
      return MANAGED_ROCKSDB + file.substring(FRAMEWORK.length());
    }
    int tests = file.indexOf(TEST_SOURCES);
    if (tests < 0 || file.startsWith(INTEGRATION_TESTS) || !file.endsWith(".java")) {
      return file;
    }
    String source = Files.readString(project.resolve(file));
    if (!source.contains(MINI_CLUSTER) && !source.contains(SHARED_CLUSTER)) {
      return file;
    }
    return INTEGRATION_TESTS + file.substring(tests + TEST_SOURCES.length());
  }
}
