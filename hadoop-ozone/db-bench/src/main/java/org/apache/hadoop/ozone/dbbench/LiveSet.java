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

import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The keys a workload may still delete or list from, as in freon omkeybench: a dense array plus each member's
 * position, so that add, random pick and removal are O(1) and nothing is copied per operation.
 */
final class LiveSet {
  private int[] members = new int[1024];
  /** position[id] - 1 is the id's index in members; 0 means absent. */
  private int[] position = new int[1024];
  private int size;

  void add(int id) {
    if (id >= position.length) {
      position = Arrays.copyOf(position, Math.max(id + 1, position.length * 2));
    }
    if (position[id] != 0) {
      return;
    }
    if (size == members.length) {
      members = Arrays.copyOf(members, size * 2);
    }
    members[size++] = id;
    position[id] = size;
  }

  boolean remove(int id) {
    if (id >= position.length || position[id] == 0) {
      return false;
    }
    int index = position[id] - 1;
    int last = members[--size];
    members[index] = last;
    position[last] = index + 1;
    position[id] = 0;
    return true;
  }

  /** @return a random member, or -1 if empty */
  int pick(SplittableRandom random) {
    return size == 0 ? -1 : members[random.nextInt(size)];
  }

  int size() {
    return size;
  }
}
