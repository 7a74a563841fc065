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

package org.apache.hadoop.ozone.om.rangestats;

import static java.nio.charset.StandardCharsets.UTF_8;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.hadoop.hdds.utils.db.RocksDatabase;
import org.apache.hadoop.hdds.utils.db.managed.ManagedEnvOptions;
import org.apache.hadoop.hdds.utils.db.managed.ManagedIngestExternalFileOptions;
import org.apache.hadoop.hdds.utils.db.managed.ManagedOptions;
import org.apache.hadoop.hdds.utils.db.managed.ManagedSstFileWriter;
import org.rocksdb.RocksDBException;

/**
 * Gives a table of a real OM DB many SSTs in seconds, for the benchmarks at scale: writes disjoint SST files of
 * sorted keys with RocksDB's SstFileWriter and ingests them, which places them in the bottommost level, where a
 * long-lived table keeps its oldest data. Keys are {@code /vol0/bucketBBB/key-NNNNNNNNNNNN}, the files spread evenly
 * over the buckets, so that they sort before the {@code /vol1/...} keys the benchmarks then write.
 */
final class IngestedSsts {
  /** Files per ingestion: one call per batch keeps the file list and RocksDB's version edit small. */
  private static final int BATCH = 1000;

  private IngestedSsts() {
  }

  /**
   * @param dir where the files are written before RocksDB moves them into the DB
   * @return the ingested keys' bytes (keys and values)
   */
  static long ingest(RocksDatabase db, String table, Path dir, int files, int buckets, int keysPerFile,
      int valueBytes) throws IOException {
    Files.createDirectories(dir);
    byte[] value = new byte[valueBytes];
    long bytes = 0;
    List<String> batch = new ArrayList<>();
    try (ManagedEnvOptions env = new ManagedEnvOptions();
         ManagedOptions options = new ManagedOptions();
         ManagedIngestExternalFileOptions ingest = new ManagedIngestExternalFileOptions()) {
      ingest.setMoveFiles(true);
      for (int file = 0; file < files; file++) {
        Path sst = dir.resolve(String.format(Locale.ROOT, "%s-%06d.sst", table, file));
        try (ManagedSstFileWriter writer = new ManagedSstFileWriter(env, options)) {
          writer.open(sst.toString());
          int bucket = (int) ((long) file * buckets / files);
          for (int k = 0; k < keysPerFile; k++) {
            byte[] key = key(bucket, (long) file * keysPerFile + k);
            writer.put(key, value);
            bytes += key.length + valueBytes;
          }
          writer.finish();
        } catch (RocksDBException e) {
          throw new IOException("Could not write " + sst, e);
        }
        batch.add(sst.toString());
        if (batch.size() == BATCH || file == files - 1) {
          db.ingestExternalFile(db.getColumnFamily(table), batch, ingest);
          batch.clear();
        }
      }
    }
    return bytes;
  }

  /** @return the key of entry {@code n} of a bucket (entries number from 0 across all files) */
  static byte[] key(int bucket, long n) {
    return String.format(Locale.ROOT, "/vol0/bucket%03d/key-%012d", bucket, n).getBytes(UTF_8);
  }
}
