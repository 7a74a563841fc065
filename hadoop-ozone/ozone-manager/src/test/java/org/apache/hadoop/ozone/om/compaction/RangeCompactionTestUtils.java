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

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Collections;
import org.apache.hadoop.conf.ReconfigurationException;
import org.apache.hadoop.ozone.om.KeyManagerImpl;
import org.apache.hadoop.ozone.om.OzoneManager;

/** The range compaction service of a running OM, as the MiniOzoneCluster tests reach and reconfigure it. */
final class RangeCompactionTestUtils {

  private RangeCompactionTestUtils() {
  }

  /** @return the OM's range compaction service, or null while it is off */
  static RangeCompactionService service(OzoneManager om) {
    return ((KeyManagerImpl) om.getKeyManager()).getRangeCompactionService();
  }

  /** @return the OM's range compaction service, which must be running */
  static RangeCompactionService runningService(OzoneManager om) {
    RangeCompactionService service = service(om);
    assertThat(service).as("range compaction service of " + om.getOMNodeId()).isNotNull();
    return service;
  }

  /**
   * Reconfigures one key as {@code ozone admin reconfig} does: the handler sets and validates it, then OM's completed
   * reconfiguration reaches the key manager.
   */
  static void reconfigure(OzoneManager om, String key, String value) throws ReconfigurationException {
    om.getReconfigurationHandler().reconfigureProperty(key, value);
    ((KeyManagerImpl) om.getKeyManager()).reconfigureRangeCompaction(Collections.singleton(key));
  }
}
