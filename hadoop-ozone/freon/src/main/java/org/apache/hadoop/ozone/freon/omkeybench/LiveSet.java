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

import java.util.ArrayDeque;
import java.util.Arrays;

/**
 * A bounded set of tracked items with O(1) add, random pick, random removal, removal of the oldest and removal of
 * a given item, without copying the set. Thread-safe: every method holds the set's lock. Most hold it for O(1)
 * work; growing the array, and skipping or compacting removed handles in the FIFO, are O(n) steps that happen
 * rarely enough to be O(1) amortized, but a caller may then wait for one of them.
 *
 * <p>Items live in a dense array; removal moves the last item into the freed slot. If insertion order is kept,
 * a FIFO of handles gives the oldest item; handles removed by other means stay in the FIFO, marked removed, and
 * the FIFO is compacted when they outnumber the live ones (amortized O(1)).
 *
 * @param <T> item type
 */
final class LiveSet<T> {

  private static final int INITIAL_SLOTS = 1024;

  private final int capacity;
  private final ArrayDeque<Handle<T>> fifo;
  private Handle<T>[] slots;
  private int size;

  /** An item in the set; lets the owner remove exactly this item later. */
  static final class Handle<T> {
    private final T value;
    private int slot = -1;

    private Handle(T value) {
      this.value = value;
    }

    T value() {
      return value;
    }
  }

  /**
   * @param capacity maximum number of items, at least 1
   * @param keepOrder whether {@link #removeOldest()} is needed
   */
  @SuppressWarnings("unchecked")
  LiveSet(int capacity, boolean keepOrder) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity " + capacity + " < 1");
    }
    this.capacity = capacity;
    this.slots = (Handle<T>[]) new Handle[Math.min(capacity, INITIAL_SLOTS)];
    this.fifo = keepOrder ? new ArrayDeque<Handle<T>>() : null;
  }

  int capacity() {
    return capacity;
  }

  synchronized int size() {
    return size;
  }

  /** @return the handle of the added item, or null if the set is full */
  synchronized Handle<T> tryAdd(T value) {
    if (size >= capacity) {
      return null;
    }
    if (size == slots.length) {
      slots = Arrays.copyOf(slots, (int) Math.min(capacity, 2L * slots.length));
    }
    Handle<T> h = new Handle<>(value);
    h.slot = size;
    slots[size++] = h;
    if (fifo != null) {
      fifo.addLast(h);
    }
    return h;
  }

  /** @return a random item (chosen by {@code random}, any value), or null if empty; the item stays */
  synchronized T pickRandom(long random) {
    return size == 0 ? null : slots[index(random)].value;
  }

  /** Removes and returns the handle of a random item, or null if empty. */
  synchronized Handle<T> removeRandom(long random) {
    if (size == 0) {
      return null;
    }
    Handle<T> h = slots[index(random)];
    unlink(h);
    maybeCompactFifo();
    return h;
  }

  /** Removes and returns the handle of the oldest item, or null if empty. */
  synchronized Handle<T> removeOldest() {
    if (fifo == null) {
      throw new IllegalStateException("insertion order not kept");
    }
    Handle<T> h;
    do {
      h = fifo.pollFirst();
    } while (h != null && h.slot < 0);
    if (h != null) {
      unlink(h);
    }
    return h;
  }

  /** Removes the item of {@code h}; @return false if it had already been removed. */
  synchronized boolean remove(Handle<T> h) {
    if (h.slot < 0) {
      return false;
    }
    unlink(h);
    maybeCompactFifo();
    return true;
  }

  private int index(long random) {
    return (int) ((random >>> 1) % size);
  }

  private void unlink(Handle<T> h) {
    int slot = h.slot;
    Handle<T> last = slots[--size];
    slots[slot] = last;
    last.slot = slot;
    slots[size] = null;
    h.slot = -1;
  }

  private void maybeCompactFifo() {
    if (fifo == null || fifo.size() <= 2 * size + 64) {
      return;
    }
    int n = fifo.size();
    for (int i = 0; i < n; i++) {
      Handle<T> h = fifo.pollFirst();
      if (h.slot >= 0) {
        fifo.addLast(h);
      }
    }
  }
}
