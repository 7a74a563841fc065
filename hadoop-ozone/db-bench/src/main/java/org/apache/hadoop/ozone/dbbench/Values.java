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

import java.util.SplittableRandom;

/**
 * Row values of a given size. OM's values are serialized protobufs (key names, ids, ACLs, block locations) that
 * compress only a little, so values are cut from a fixed block of random bytes: compression cannot shrink them to
 * nothing, and every arm writes the same bytes.
 */
final class Values {
  private static final byte[] POOL = new byte[1 << 16];

  static {
    new SplittableRandom(0x0dbbe9c4L).nextBytes(POOL);
  }

  private Values() {
  }

  /** @return {@code bytes} bytes whose content depends on {@code salt} */
  static byte[] of(int bytes, long salt) {
    byte[] v = new byte[bytes];
    int from = (int) Math.floorMod(salt * 7919, (long) POOL.length - bytes);
    System.arraycopy(POOL, from, v, 0, bytes);
    return v;
  }
}
