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

import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.DELETED_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.KEY_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.OPEN_KEY_TABLE;

import java.util.ArrayDeque;
import java.util.List;
import java.util.SplittableRandom;

/**
 * freon omkeybench on an OBJECT_STORE bucket {@code /vol1/bucket1}, as OM 2.2.1 writes it. Keys are
 * {@code bench/<12-digit sequence>}, so key order is creation order.
 *
 * <ul>
 *   <li>CREATE: {@code OMKeyCreateRequest} puts the open key {@code /vol1/bucket1/<key>/<clientId>} into
 *       openKeyTable; {@code OMKeyCommitResponse} deletes it and puts {@code /vol1/bucket1/<key>} into keyTable in
 *       one batch. Every create thus leaves a tombstone in openKeyTable.</li>
 *   <li>DELETE: {@code OMKeyDeleteResponse} (via {@code AbstractOMKeyDeleteResponse#addDeletionToBatch}) deletes the
 *       keyTable row; only a key with blocks is also put into deletedTable as {@code <ozoneKey>/<objectId>}
 *       ({@code OmMetadataManagerImpl#getOzoneDeletePathKey}).</li>
 *   <li>KeyDeletingService, every service interval: purges deletedTable from its head, at most
 *       {@link #KEY_DELETING_LIMIT} rows, in one batch ({@code OMKeyPurgeResponse}).</li>
 *   <li>LIST writes nothing; its reads are what the benchmark samples ({@link #listRead}).</li>
 * </ul>
 * Bucket usage updates of bucketTable (one small row rewritten per request) are left out: a single hot key that
 * no measured read crosses.
 */
class ObjectStoreModel extends WriteModel {
  /** Which tracked key a DELETE removes. */
  enum DeleteOrder { RANDOM, OLDEST }

  /**
   * @param maxTracked live keys tracked for DELETE and LIST (omkeybench's --max-live-keys); keys created while it is
   *     full stay in the bucket for good, as in omkeybench. OLDEST deletes the oldest tracked key, as omkeybench's
   *     --delete-order oldest does.
   * @param listFromFirst LIST from the bucket's first key (S3 ListObjects without a marker) instead of after a
   *     random tracked key
   * @param withData keys have blocks, so deletes go through deletedTable and the key deleting service
   */
  record Shape(int createWeight, int deleteWeight, int listWeight, int maxTracked, DeleteOrder deleteOrder,
      boolean listFromFirst, boolean withData) {
  }

  private static final String BUCKET = "/vol1/bucket1/";
  /** Client ids of open keys are OM's time-based unique ids, about 1.1e17 today. */
  private static final long CLIENT_ID_BASE = 113_750_153_625_600_000L;
  /** Approximate serialized sizes (protobuf) of a key without blocks, with one block, and its deletedTable row. */
  private static final int EMPTY_KEY_BYTES = 250;
  private static final int KEY_WITH_BLOCK_BYTES = 700;
  private static final int DELETED_KEY_BYTES = 750;

  private final Shape shape;
  private final KeyFamily keys;
  private final KeyFamily openKeys;
  private final KeyFamily deletedKeys;
  /** RANDOM's tracked keys. */
  private final LiveSet tracked = new LiveSet();
  /** OLDEST's tracked keys, oldest first. */
  private final ArrayDeque<Integer> trackedInOrder = new ArrayDeque<>();
  private int next;

  ObjectStoreModel(Shape shape, long seed, WriteSink sink, long serviceEveryOps) {
    super(seed, sink, serviceEveryOps);
    this.shape = shape;
    int keyBytes = shape.withData() ? KEY_WITH_BLOCK_BYTES : EMPTY_KEY_BYTES;
    keys = new KeyFamily(KEY_TABLE, ObjectStoreModel::ozoneKey, keyBytes);
    openKeys = new KeyFamily(OPEN_KEY_TABLE, id -> bytes(name(id) + "/" + (CLIENT_ID_BASE + id)), keyBytes);
    deletedKeys = new KeyFamily(DELETED_TABLE, id -> bytes(name(id) + "/" + objectId(id)), DELETED_KEY_BYTES);
  }

  private static String name(int id) {
    return String.format("%sbench/%012d", BUCKET, id);
  }

  private static byte[] ozoneKey(int id) {
    return bytes(name(id));
  }

  @Override
  protected void operation() {
    int pick = random.nextInt(shape.createWeight() + shape.deleteWeight() + shape.listWeight());
    if (pick < shape.createWeight()) {
      create();
    } else if (pick < shape.createWeight() + shape.deleteWeight()) {
      delete();
    }
  }

  /** CREATE of the next key. */
  final void create() {
    int id = next++;
    byte[] openKey = openKeys.key(id);
    sink.put(OPEN_KEY_TABLE, openKey, openKeys.valueBytes());
    sink.commit();
    sink.delete(OPEN_KEY_TABLE, openKey);
    sink.put(KEY_TABLE, keys.key(id), keys.valueBytes());
    sink.commit();
    keys.ids().set(id);
    if (shape.deleteOrder() == DeleteOrder.OLDEST) {
      if (trackedInOrder.size() < shape.maxTracked()) {
        trackedInOrder.addLast(id);
      }
    } else if (tracked.size() < shape.maxTracked()) {
      tracked.add(id);
    }
  }

  /** DELETE of a tracked key (the oldest with {@link DeleteOrder#OLDEST}); nothing when there is none. */
  final void delete() {
    int id;
    if (shape.deleteOrder() == DeleteOrder.OLDEST) {
      if (trackedInOrder.isEmpty()) {
        return;
      }
      id = trackedInOrder.removeFirst();
    } else {
      id = tracked.pick(random);
      if (id < 0) {
        return;
      }
      tracked.remove(id);
    }
    sink.delete(KEY_TABLE, keys.key(id));
    keys.ids().clear(id);
    if (shape.withData()) {
      sink.put(DELETED_TABLE, deletedKeys.key(id), deletedKeys.valueBytes());
      deletedKeys.ids().set(id);
    }
    sink.commit();
  }

  /** KeyDeletingService: the oldest rows in deletedTable's key order, which is key-name order here. */
  @Override
  protected void deletingServices() {
    purgeHead(deletedKeys);
  }

  /** KeyDeletingService runs until deletedTable is empty, as its runs after the last delete would leave it. */
  final void drainQueues() {
    while (!deletedKeys.ids().isEmpty()) {
      purgeHead(deletedKeys);
    }
  }

  @Override
  List<KeyFamily> families() {
    return List.of(keys, openKeys, deletedKeys);
  }

  @Override
  List<String> queueTables() {
    return shape.withData() ? List.of(OPEN_KEY_TABLE, DELETED_TABLE) : List.of(OPEN_KEY_TABLE);
  }

  /** OM's listKeys: seek to the start key (the bucket prefix, or a live key) and read on within the bucket. */
  @Override
  ListRead listRead(SplittableRandom readRandom) {
    byte[] prefix = bytes(BUCKET);
    if (shape.listFromFirst()) {
      return new ListRead(KEY_TABLE, prefix, prefix);
    }
    int id = shape.deleteOrder() == DeleteOrder.OLDEST ? -1 : tracked.pick(readRandom);
    return new ListRead(KEY_TABLE, prefix, id < 0 ? prefix : keys.key(id));
  }
}
