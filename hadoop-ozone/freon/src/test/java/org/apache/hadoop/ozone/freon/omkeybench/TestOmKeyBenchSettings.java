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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.apache.hadoop.hdds.conf.StorageSize;
import org.apache.hadoop.hdds.conf.StorageUnit;
import org.apache.hadoop.ozone.om.helpers.BucketLayout;
import org.junit.jupiter.api.Test;

/** Option values to typed settings, without a cluster. */
class TestOmKeyBenchSettings {

  /** The defaults of {@code omkeybench}. */
  private static OmKeyBenchSettings.Builder defaults() {
    return new OmKeyBenchSettings.Builder().weights("create:20,delete:8,list:1").layout("OBJECT_STORE")
        .deleteOrder("random").listStart("random").untracked("keep").maxLiveKeys(25000).batchSize(1000)
        .filesPerDir(0).bufferSize(4096).size(new StorageSize(StorageUnit.BYTES, 0)).latencyIntervalSeconds(5);
  }

  @Test
  void parsesChoicesIntoTypedValues() {
    OmKeyBenchSettings s = defaults().layout("file_system_optimized").deleteOrder("oldest").listStart("first")
        .untracked("delete").filesPerDir(5).weights("create:1,deletedir:1").size(new StorageSize(StorageUnit.KB, 2))
        .seed(42L).build();
    assertThat(s.layout()).isEqualTo(BucketLayout.FILE_SYSTEM_OPTIMIZED);
    assertThat(s.deleteOrder()).isEqualTo(OmKeyBenchSettings.DeleteOrder.OLDEST);
    assertThat(s.listStart()).isEqualTo(OmKeyBenchSettings.ListStart.FIRST);
    assertThat(s.untracked()).isEqualTo(OmKeyBenchSettings.Untracked.DELETE);
    assertThat(s.sizeBytes()).isEqualTo(2048);
    assertThat(s.seed()).isEqualTo(42);
    assertThat(s).hasToString("weights create:1,deletedir:1, max live keys 25000, delete order oldest, "
        + "list start first, untracked delete, seed 42");
  }

  @Test
  void anOpenLoopNamesItsRateAndWarmUp() {
    OmKeyBenchSettings s = defaults().rate(250.5).warmupSeconds(20).seed(1L).build();
    assertThat(s.rate()).isEqualTo(250.5);
    assertThat(s.warmupSeconds()).isEqualTo(20);
    assertThat(s.toString()).endsWith("untracked keep, open loop at 250.5 ops/s, warm-up 20.0 s, seed 1");
    assertThat(defaults().build().rate()).isZero();
  }

  @Test
  void seedIsRandomIfNotGiven() {
    assertThat(defaults().build().seed()).isNotEqualTo(defaults().build().seed());
  }

  @Test
  void rejectsTheFirstBadValueInOneLine() {
    assertThatThrownBy(() -> defaults().untracked("DELETE").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("Unknown --untracked 'DELETE'; expected keep or delete");
    assertThatThrownBy(() -> defaults().size(new StorageSize(StorageUnit.BYTES, -1)).build())
        .hasMessageStartingWith("--size must not be negative");
    assertThatThrownBy(() -> defaults().layout("FILE_SYSTEM_OPTIMIZED").filesPerDir(5)
        .weights("create:1,deletedir:1").journal("j").build())
        .hasMessage("--journal records keys one by one; it cannot follow deletedir in --weights "
            + "'create:1,deletedir:1'");
    assertThatThrownBy(() -> defaults().layout("FILE_SYSTEM_OPTIMIZED").filesPerDir(5).existingKeys(10).build())
        .hasMessage("--existing-keys names keys <prefix>/<sequence>; it cannot be used with --files-per-dir");
    assertThatThrownBy(() -> defaults().rate(-1).build())
        .hasMessage("--rate must be a finite number of at least 0, got -1.0");
    assertThatThrownBy(() -> defaults().warmupSeconds(Double.NaN).build())
        .hasMessage("--warmup must be a finite number of at least 0, got NaN");
  }
}
