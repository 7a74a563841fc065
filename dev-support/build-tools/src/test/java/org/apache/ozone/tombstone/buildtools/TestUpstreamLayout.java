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

package org.apache.ozone.tombstone.buildtools;

import static org.apache.ozone.tombstone.buildtools.MadeUpProject.write;
import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where upstream keeps our files, on a made-up project. */
class TestUpstreamLayout {
  private static final String OM_TESTS = "hadoop-ozone/ozone-manager/src/test/java/org/apache/hadoop/ozone/om/x/";

  @TempDir
  private Path project;

  @Test
  void aTestThatStartsOrSharesAMiniOzoneClusterGoesToIntegrationTest() throws Exception {
    write(project, OM_TESTS + "TestWithCluster.java",
        "import org.apache.hadoop.ozone.MiniOzoneCluster;\nclass T {}\n");
    write(project, OM_TESTS + "TestWithHaCluster.java",
        "class T { org.apache.hadoop.ozone.MiniOzoneHAClusterImpl c; }\n");
    write(project, OM_TESTS + "TestOnASharedCluster.java", "abstract class T implements OneOmTests.TestCase {}\n");

    assertThat(UpstreamLayout.upstreamPath(project, OM_TESTS + "TestWithCluster.java"))
        .isEqualTo("hadoop-ozone/integration-test/src/test/java/org/apache/hadoop/ozone/om/x/TestWithCluster.java");
    assertThat(UpstreamLayout.upstreamPath(project, OM_TESTS + "TestWithHaCluster.java"))
        .isEqualTo("hadoop-ozone/integration-test/src/test/java/org/apache/hadoop/ozone/om/x/TestWithHaCluster.java");
    assertThat(UpstreamLayout.upstreamPath(project, OM_TESTS + "TestOnASharedCluster.java")).isEqualTo(
        "hadoop-ozone/integration-test/src/test/java/org/apache/hadoop/ozone/om/x/TestOnASharedCluster.java");
  }

  @Test
  void aManagedRocksObjectGoesToManagedRocksdb() throws Exception {
    String managed = "src/main/java/org/apache/hadoop/hdds/utils/db/managed/ManagedThing.java";
    write(project, "hadoop-hdds/framework/" + managed, "class ManagedThing {}\n");

    assertThat(UpstreamLayout.upstreamPath(project, "hadoop-hdds/framework/" + managed))
        .isEqualTo("hadoop-hdds/managed-rocksdb/" + managed);
  }

  @Test
  void everythingElseStaysWhereItIs() throws Exception {
    String main = "hadoop-ozone/ozone-manager/src/main/java/org/apache/hadoop/ozone/om/x/UsesCluster.java";
    write(project, main, "// mentions org.apache.hadoop.ozone.MiniOzoneCluster in a comment\n");
    write(project, OM_TESTS + "TestOnRocksDb.java", "class T {}\n");
    write(project, OM_TESTS + "cluster.properties", "org.apache.hadoop.ozone.MiniOzoneCluster=1\n");

    assertThat(UpstreamLayout.upstreamPath(project, main)).isEqualTo(main);
    assertThat(UpstreamLayout.upstreamPath(project, OM_TESTS + "TestOnRocksDb.java"))
        .isEqualTo(OM_TESTS + "TestOnRocksDb.java");
    assertThat(UpstreamLayout.upstreamPath(project, OM_TESTS + "cluster.properties"))
        .isEqualTo(OM_TESTS + "cluster.properties");
  }

}
