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

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.assertj.core.api.Assertions.assertThat;

import org.apache.hadoop.ozone.om.rangestats.KeySpan;
import org.junit.jupiter.api.Test;

/** What the service remembers of its compactions, on plain spans. */
class TestCompactedSpans {

  @Test
  void spansCompactedSinceTheLatestFlushAreForgottenAtTheNext() {
    CompactedSpans compacted = new CompactedSpans();
    compacted.compacted("keyTable", span("/v/a/"), 7);
    compacted.compacted("keyTable", span("/v/b/"), 7);

    assertThat(compacted.since("keyTable", 7)).extracting(KeySpan::toString)
        .containsExactly(span("/v/a/").toString(), span("/v/b/").toString());
    assertThat(compacted.since("openKeyTable", 7)).isEmpty();
    // A flush of the table since: what it brought is new, nothing counts as compacted.
    assertThat(compacted.since("keyTable", 8)).isEmpty();
    assertThat(compacted.ever("keyTable")).hasSize(2);
  }

  @Test
  void spansCompactedAtAnyTimeKeepTheNewestEachOnce() {
    CompactedSpans compacted = new CompactedSpans();
    for (int i = 0; i <= CompactedSpans.MAX_REMEMBERED; i++) {
      compacted.compacted("keyTable", span("/v/" + i + "/"), i);
    }
    compacted.compacted("keyTable", span("/v/5/"), 100);

    assertThat(compacted.ever("keyTable")).hasSize(CompactedSpans.MAX_REMEMBERED)
        .extracting(KeySpan::toString)
        .doesNotContain(span("/v/0/").toString())
        .containsOnlyOnce(span("/v/5/").toString())
        .endsWith(span("/v/5/").toString());
  }

  /** @return the keys of one bucket: from its prefix up to the prefix with its last '/' replaced by '0' */
  private static KeySpan span(String bucket) {
    String end = bucket.substring(0, bucket.length() - 1) + "0";
    return KeySpan.of(bucket.getBytes(UTF_8), end.getBytes(UTF_8));
  }
}
