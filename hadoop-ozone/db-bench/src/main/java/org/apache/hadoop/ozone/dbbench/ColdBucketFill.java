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

import static org.apache.hadoop.ozone.OzoneConsts.OM_METRICS_FILE;
import static org.apache.hadoop.ozone.OzoneConsts.TRANSACTION_INFO_KEY;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import org.apache.hadoop.hdds.conf.OzoneConfiguration;
import org.apache.hadoop.hdds.utils.TransactionInfo;
import org.apache.hadoop.hdds.utils.db.BatchOperation;
import org.apache.hadoop.hdds.utils.db.Table;
import org.apache.hadoop.ozone.ClientVersion;
import org.apache.hadoop.ozone.OmUtils;
import org.apache.hadoop.ozone.om.OMStorage;
import org.apache.hadoop.ozone.om.OmMetadataManagerImpl;
import org.apache.hadoop.ozone.om.OmMetricsInfo;
import org.apache.hadoop.ozone.om.helpers.OmBucketInfo;
import org.apache.hadoop.ozone.om.helpers.OmKeyInfo;
import org.apache.hadoop.ozone.om.ratis.utils.OzoneManagerRatisUtils;
import org.apache.hadoop.ozone.protocol.proto.OzoneManagerProtocolProtos.KeyInfo;

/**
 * Fills a bucket of a stopped OM with zero-size keys, offline, as if OM 2.2.1 had created and committed each of them
 * through Ratis. The bucket and one key of it, the template, were made by the real OM; every key written here is the
 * template with its own name, object id and update id, so it carries exactly the fields OM writes (ACLs, owner,
 * replication, an empty version 0). OM's state around the keys follows, as after that many requests:
 * <ul>
 *   <li>each key stands for a create and a commit transaction: object id from the create's index, update id the
 *       commit's; TransactionInfo moves past them, so later requests get larger ids (OM refuses to lower an update
 *       id, which deleting a preloaded key would otherwise do);</li>
 *   <li>the bucket's used namespace counts the keys (zero-size keys use no bytes);</li>
 *   <li>OM's saved key count (omMetrics, which OM loads at start instead of counting keyTable) counts them;</li>
 *   <li>OM's Ratis log, which ends before these transactions, is removed: OM starts a new log after TransactionInfo's
 *       index, as an OM does on a DB installed from a checkpoint. Nothing else refers to the keys: without blocks
 *       they have no containers in SCM or on the datanodes.</li>
 * </ul>
 * Keys are named {@code <prefix><12-digit index>}, the template being index 0, and written in key order, so that
 * RocksDB moves the flushed files down the levels without rewriting them.
 *
 * <p>Usage: {@code ColdBucketFill VOLUME BUCKET KEY_PREFIX KEYS}, KEYS counting the template, with OM's
 * configuration directory first on the classpath: the DB, omMetrics and the Ratis log are where that OM keeps them.
 */
public final class ColdBucketFill {
  /** Keys per write batch: large enough to amortise a commit, small enough to keep the heap small. */
  private static final int BATCH_KEYS = 10_000;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final OzoneConfiguration conf = new OzoneConfiguration();
  private final File omMetaDir = OMStorage.getOmDbDir(conf);
  private final String volume;
  private final String bucket;
  private final String prefix;
  private final long keys;

  private ColdBucketFill(String volume, String bucket, String prefix, long keys) {
    this.volume = volume;
    this.bucket = bucket;
    this.prefix = prefix;
    this.keys = keys;
  }

  public static void main(String[] args) {
    if (args.length != 4 || !args[3].matches("[1-9][0-9]{0,11}")) {
      System.err.println("ColdBucketFill: expected VOLUME BUCKET KEY_PREFIX KEYS (KEYS >= 1), got "
          + String.join(" ", args));
      System.exit(2);
    }
    try {
      long began = System.nanoTime();
      new ColdBucketFill(args[0], args[1], args[2], Long.parseLong(args[3])).fill();
      System.out.printf("ColdBucketFill: /%s/%s holds %d keys (%.1f s)%n", args[0], args[1], Long.parseLong(args[3]),
          (System.nanoTime() - began) / 1e9);
    } catch (IOException | IllegalStateException e) {
      System.err.println("ColdBucketFill: " + e.getMessage());
      System.exit(1);
    }
  }

  static String keyName(String prefix, long index) {
    return String.format("%s%012d", prefix, index);
  }

  private void fill() throws IOException {
    OmMetadataManagerImpl metadata = new OmMetadataManagerImpl(conf, null);
    try {
      TransactionInfo applied = metadata.getTransactionInfoTable().get(TRANSACTION_INFO_KEY);
      if (applied == null) {
        throw new IllegalStateException("OM's DB in " + omMetaDir + " has no TransactionInfo; start OM once first");
      }
      String bucketKey = metadata.getBucketKey(volume, bucket);
      OmBucketInfo bucketInfo = metadata.getBucketTable().get(bucketKey);
      if (bucketInfo == null) {
        throw new IllegalStateException("no bucket /" + volume + "/" + bucket + " in " + omMetaDir);
      }
      Table<String, OmKeyInfo> keyTable = metadata.getKeyTable(bucketInfo.getBucketLayout());
      OmKeyInfo template = keyTable.get(metadata.getOzoneKey(volume, bucket, keyName(prefix, 0)));
      if (template == null || template.getDataSize() != 0) {
        throw new IllegalStateException("the template key " + keyName(prefix, 0) + " is missing or not empty");
      }
      long lastIndex = writeKeys(metadata, keyTable, template, applied.getTransactionIndex());
      try (BatchOperation batch = metadata.getStore().initBatchOperation()) {
        metadata.getBucketTable().putWithBatch(batch, bucketKey,
            bucketInfo.toBuilder().setUsedNamespace(bucketInfo.getUsedNamespace() + keys - 1).build());
        metadata.getTransactionInfoTable().putWithBatch(batch, TRANSACTION_INFO_KEY,
            TransactionInfo.valueOf(applied.getTerm(), lastIndex));
        metadata.getStore().commitBatchOperation(batch);
      }
      metadata.getStore().flushDB();
    } finally {
      metadata.stop();
    }
    addToSavedKeyCount(keys - 1);
    deleteTree(new File(OzoneManagerRatisUtils.getOMRatisDirectory(conf)));
  }

  /** @return the index of the last transaction the keys stand for */
  private long writeKeys(OmMetadataManagerImpl metadata, Table<String, OmKeyInfo> keyTable, OmKeyInfo template,
      long appliedIndex) throws IOException {
    long epoch = metadata.getOmEpoch();
    // The template as keyTable stores it: a copy made through OmKeyInfo's builder may not change the object id.
    KeyInfo stored = template.getProtobuf(true, ClientVersion.CURRENT_VERSION);
    long index = appliedIndex;
    BatchOperation batch = metadata.getStore().initBatchOperation();
    try {
      for (long i = 1; i < keys; i++) {
        long created = ++index;
        long committed = ++index;
        String name = keyName(prefix, i);
        long now = System.currentTimeMillis();
        OmKeyInfo key = OmKeyInfo.getFromProtobuf(stored.toBuilder().setKeyName(name).setCreationTime(now)
            .setModificationTime(now).setObjectID(OmUtils.getObjectIdFromTxId(epoch, created)).setUpdateID(committed)
            .build());
        keyTable.putWithBatch(batch, metadata.getOzoneKey(volume, bucket, name), key);
        if (i % BATCH_KEYS == 0) {
          metadata.getStore().commitBatchOperation(batch);
          batch.close();
          batch = metadata.getStore().initBatchOperation();
        }
      }
      metadata.getStore().commitBatchOperation(batch);
    } finally {
      batch.close();
    }
    return index;
  }

  /** OM saves its key count in omMetrics and loads it at start; it must include the keys written here. */
  private void addToSavedKeyCount(long added) throws IOException {
    File file = new File(omMetaDir, OM_METRICS_FILE);
    if (!file.exists()) {
      throw new IllegalStateException("OM has not saved its key count in " + file + "; start and stop OM once first");
    }
    OmMetricsInfo info = JSON.readValue(file, OmMetricsInfo.class);
    info.setNumKeys(info.getNumKeys() + added);
    JSON.writeValue(file, info);
  }

  private static void deleteTree(File dir) throws IOException {
    if (!dir.exists()) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir.toPath())) {
      for (Path p : (Iterable<Path>) paths.sorted(Comparator.reverseOrder())::iterator) {
        Files.delete(p);
      }
    }
  }
}
