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

import java.util.Locale;

/** The operations of {@code omkeybench}; the upper-case name is the timer's and the summary's. */
enum OmKeyBenchOp {
  CREATE, DELETE, LIST, DELETEDIR;

  /** Name used in {@code --weights}. */
  String weightName() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** @return the operation named {@code name} in {@code --weights}, or null if there is none. */
  static OmKeyBenchOp fromWeightName(String name) {
    for (OmKeyBenchOp op : values()) {
      if (op.weightName().equals(name)) {
        return op;
      }
    }
    return null;
  }
}
