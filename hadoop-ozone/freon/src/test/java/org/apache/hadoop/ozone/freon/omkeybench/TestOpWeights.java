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

import java.util.EnumMap;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Parsing of {@code --weights} and the reproducible operation mix. */
class TestOpWeights {

  @Test
  void parsesSeedWeights() {
    OpWeights w = OpWeights.parse("create:20,delete:8,list:1");
    assertThat(w.weight(OmKeyBenchOp.CREATE)).isEqualTo(20);
    assertThat(w.weight(OmKeyBenchOp.DELETE)).isEqualTo(8);
    assertThat(w.weight(OmKeyBenchOp.LIST)).isEqualTo(1);
    assertThat(w.weight(OmKeyBenchOp.DELETEDIR)).isZero();
    assertThat(w).hasToString("create:20,delete:8,list:1");
    // pick uses bits 1..63 of the random number: 29 consecutive values give each operation its weight's share
    Map<OmKeyBenchOp, Integer> counts = new EnumMap<>(OmKeyBenchOp.class);
    for (long r = 0; r < 29; r++) {
      counts.merge(w.pick(r << 1), 1, Integer::sum);
    }
    assertThat(counts).containsEntry(OmKeyBenchOp.CREATE, 20).containsEntry(OmKeyBenchOp.DELETE, 8)
        .containsEntry(OmKeyBenchOp.LIST, 1).hasSize(3);
  }

  @Test
  void acceptsAnySubsetSpacesAndZeroWeights() {
    OpWeights w = OpWeights.parse(" list : 3 , create:0 ");
    assertThat(w.uses(OmKeyBenchOp.LIST)).isTrue();
    assertThat(w.uses(OmKeyBenchOp.CREATE)).isFalse();
    for (long r = -1000; r < 1000; r++) {
      assertThat(w.pick(r * 0x9E3779B97F4A7C15L)).isEqualTo(OmKeyBenchOp.LIST);
    }
  }

  @Test
  void mixFollowsWeightsAndIsReproducible() {
    OpWeights w = OpWeights.parse("create:20,delete:8,list:1,deletedir:1");
    Map<OmKeyBenchOp, Integer> counts = new EnumMap<>(OmKeyBenchOp.class);
    int n = 300_000;
    for (long step = 0; step < n; step++) {
      OmKeyBenchOp op = w.pick(StepRandom.next(42, step, 0));
      assertThat(w.pick(StepRandom.next(42, step, 0))).isEqualTo(op);
      counts.merge(op, 1, Integer::sum);
    }
    assertThat(counts.get(OmKeyBenchOp.CREATE) / (double) n).isCloseTo(20 / 30.0, Offset.offset(0.01));
    assertThat(counts.get(OmKeyBenchOp.DELETE) / (double) n).isCloseTo(8 / 30.0, Offset.offset(0.01));
    assertThat(counts.get(OmKeyBenchOp.LIST) / (double) n).isCloseTo(1 / 30.0, Offset.offset(0.005));
    assertThat(StepRandom.next(1, 5, 0)).isNotEqualTo(StepRandom.next(2, 5, 0));
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "create:20,update:3|Unknown operation 'update'",
      "create:-1|Weight '-1' of 'create' in --weights 'create:-1' is negative",
      "create:1.5|Weight '1.5' of 'create' in --weights 'create:1.5' is not a non-negative integer",
      "create:x|Weight 'x' of 'create'",
      "create:0,delete:0|All weights are zero in --weights 'create:0,delete:0'",
      "create20|Malformed pair 'create20'",
      "create:1,|Malformed pair ''",
      "create:|Malformed pair 'create:'",
      ":5|Malformed pair ':5'",
      "create:1:2|Malformed pair 'create:1:2'",
      "create:1,create:2|Operation 'create' appears twice",
      "create:99999999999|is too large",
  })
  void rejectsBadWeights(String spec, String message) {
    assertThatThrownBy(() -> OpWeights.parse(spec))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(message)
        .hasMessageNotContaining("\n");
  }
}
