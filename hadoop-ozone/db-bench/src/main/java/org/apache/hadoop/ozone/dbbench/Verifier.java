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

import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Checks a DB against the model: every row the model expects is readable, and each table holds exactly as many
 * rows as the model expects. Together: exactly the model's rows, so no deleted key is visible.
 */
final class Verifier {
  private Verifier() {
  }

  /** @throws IllegalStateException naming the first difference */
  static void verify(BenchDb db, List<KeyFamily> families) throws IOException {
    Map<String, Long> expected = new LinkedHashMap<>();
    for (KeyFamily family : families) {
      for (int id = family.ids().nextSetBit(0); id >= 0; id = family.ids().nextSetBit(id + 1)) {
        if (!db.contains(family.table(), family.key(id))) {
          throw new IllegalStateException(family.table() + " lacks live row " + new String(family.key(id)));
        }
      }
      expected.merge(family.table(), (long) family.ids().cardinality(), Long::sum);
    }
    for (Map.Entry<String, Long> e : expected.entrySet()) {
      long rows = db.read(e.getKey(), null, null, Integer.MAX_VALUE);
      if (rows != e.getValue()) {
        throw new IllegalStateException(e.getKey() + " holds " + rows + " rows, the model " + e.getValue());
      }
    }
  }
}
