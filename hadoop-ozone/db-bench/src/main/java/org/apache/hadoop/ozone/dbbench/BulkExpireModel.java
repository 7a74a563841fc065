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

import org.apache.hadoop.ozone.dbbench.ObjectStoreModel.DeleteOrder;

/**
 * Lifecycle expiry of a bucket in one burst, as OM 2.2.1 writes it ({@link ObjectStoreModel}'s writes): the
 * {@link Burst}'s first steps create keys with a block each (openKeyTable put, then at commit its delete and the
 * keyTable put), the others delete the oldest key each (keyTable delete, deletedTable put; the key deleting service
 * purges deletedTable from its head every service interval). After the last delete the key deleting service runs
 * until deletedTable is empty, so the quiet period that follows writes nothing. Listings start at the bucket's first
 * key, as retention's do.
 */
final class BulkExpireModel extends ObjectStoreModel {
  /** Keys with blocks, deleted oldest first, listed from the first key; the burst orders the operations. */
  private static final Shape SHAPE = new Shape(1, 1, 0, Integer.MAX_VALUE, DeleteOrder.OLDEST, true, true);

  private final Burst burst;
  private long step;

  BulkExpireModel(long seed, WriteSink sink, long ops, long serviceEveryOps) {
    super(SHAPE, seed, sink, serviceEveryOps);
    this.burst = Burst.of(ops, 1);
  }

  @Override
  protected void operation() {
    burst.take(step++, this::create, expiring -> delete(), this::drainQueues);
  }
}
