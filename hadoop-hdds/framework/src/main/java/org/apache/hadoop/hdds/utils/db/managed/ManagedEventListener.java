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

package org.apache.hadoop.hdds.utils.db.managed;

import static org.apache.hadoop.hdds.utils.db.managed.ManagedRocksObjectUtils.track;

import java.util.ArrayList;
import java.util.List;
import org.apache.ratis.util.UncheckedAutoCloseable;
import org.rocksdb.AbstractEventListener;

/**
 * Managed {@link AbstractEventListener}: a RocksDB event listener is a native callback object, tracked for leaks like
 * {@link ManagedLogger}. Whoever creates one closes it after the DB it listens to.
 */
public abstract class ManagedEventListener extends AbstractEventListener {

  private final UncheckedAutoCloseable leakTracker = track(this);

  protected ManagedEventListener(EnabledEventCallback... enabledEventCallbacks) {
    super(enabledEventCallbacks);
  }

  /**
   * Appends listeners to those already set on the options: setListeners replaces the list, and the options may hold
   * listeners of their own (the compaction DAG's).
   */
  public static void appendTo(ManagedDBOptions options, List<? extends ManagedEventListener> listeners) {
    if (!listeners.isEmpty()) {
      List<AbstractEventListener> all = new ArrayList<>(options.listeners());
      all.addAll(listeners);
      options.setListeners(all);
    }
  }

  @Override
  public void close() {
    try {
      super.close();
    } finally {
      leakTracker.close();
    }
  }
}
