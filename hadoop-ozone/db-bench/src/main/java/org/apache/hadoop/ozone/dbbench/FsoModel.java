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

import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.DELETED_DIR_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.DELETED_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.DIRECTORY_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.FILE_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.OPEN_FILE_TABLE;

import java.util.BitSet;
import java.util.List;
import java.util.SplittableRandom;

/**
 * freon omkeybench on a FILE_SYSTEM_OPTIMIZED bucket with {@code --files-per-dir}: short-lived directories of a
 * few files (job staging directories), created file by file and deleted as a whole, as OM 2.2.1 writes it. FSO
 * tables key rows by ids: {@code /<volumeId>/<bucketId>/<parentId>/<name>}. Directory {@code bench} holds
 * {@code dir-<d>}, which holds files {@code <12-digit sequence>}.
 *
 * <ul>
 *   <li>CREATE: {@code OMFileCreateRequestWithFSO} puts the missing parent into directoryTable and the open file
 *       {@code /<vol>/<bucket>/<dirId>/<name>/<clientId>} into openFileTable; {@code OMKeyCommitResponseWithFSO}
 *       deletes the open file and puts {@code /<vol>/<bucket>/<dirId>/<name>} into fileTable in one batch.</li>
 *   <li>DELETE of a file (zero size): {@code OMKeyDeleteResponseWithFSO} deletes its fileTable row only.</li>
 *   <li>DELETEDIR of a finished directory: {@code OMKeyDeleteResponseWithFSO} deletes its directoryTable row and
 *       puts {@code <dirKey>/<objectId>} into deletedDirectoryTable. Its files stay in fileTable until
 *       DirectoryDeletingService purges the directory ({@code OMDirectoriesPurgeResponseWithFSO}): their fileTable
 *       rows are deleted and moved to deletedTable as {@code /vol1/bucket1/<path>/<objectId>}, and the
 *       deletedDirectoryTable row is deleted. KeyDeletingService then purges deletedTable from its head.</li>
 * </ul>
 */
final class FsoModel extends WriteModel {
  /** Files per directory: small job directories, so that directory deletes dominate deletedDirectoryTable. */
  static final int FILES_PER_DIR = 4;
  private static final int CREATE_WEIGHT = 20;
  private static final int DELETE_WEIGHT = 2;
  /** About one directory delete per finished directory (CREATE_WEIGHT / FILES_PER_DIR = 5). */
  private static final int DELETEDIR_WEIGHT = 4;
  private static final int LIST_WEIGHT = 1;
  /** The mix as omkeybench's --weights would say it, for the page. */
  static final String WEIGHTS = "create:" + CREATE_WEIGHT + ",delete:" + DELETE_WEIGHT + ",deletedir:"
      + DELETEDIR_WEIGHT + ",list:" + LIST_WEIGHT;

  // Shared with BulkExpireFsoModel: the bucket, its directory bench, and the sizes of OM's rows.
  static final long VOLUME_ID = objectId(1);
  static final long BUCKET_ID = objectId(2);
  static final long BENCH_DIR_ID = objectId(3);
  static final String BUCKET_PATH = "/" + VOLUME_ID + "/" + BUCKET_ID + "/";
  static final long CLIENT_ID_BASE = 113_750_153_625_600_000L;
  static final int FILE_BYTES = 250;
  static final int DIR_BYTES = 150;
  static final int DELETED_FILE_BYTES = 300;

  private final KeyFamily benchDir = benchDirectory(sink);
  private final KeyFamily dirs = new KeyFamily(DIRECTORY_TABLE, FsoModel::dirKey, DIR_BYTES);
  private final KeyFamily files = new KeyFamily(FILE_TABLE, id -> bytes(fileKey(id)), FILE_BYTES);
  private final KeyFamily openFiles = new KeyFamily(OPEN_FILE_TABLE,
      id -> bytes(fileKey(id) + "/" + (CLIENT_ID_BASE + id)), FILE_BYTES);
  private final KeyFamily deletedDirs = new KeyFamily(DELETED_DIR_TABLE,
      d -> bytes(dirPath(d) + "/" + dirId(d)), DIR_BYTES);
  private final KeyFamily deletedFiles = new KeyFamily(DELETED_TABLE,
      id -> bytes("/vol1/bucket1/bench/" + dirName(id / FILES_PER_DIR) + String.format("/%012d/", id) + fileId(id)),
      DELETED_FILE_BYTES);
  private final LiveSet liveFiles = new LiveSet();
  private final LiveSet finishedDirs = new LiveSet();
  private int next;

  FsoModel(long seed, WriteSink sink, long serviceEveryOps) {
    super(seed, sink, serviceEveryOps);
  }

  /**
   * omkeybench creates the run's directory {@code bench} up front (OMDirectoryCreateRequestWithFSO).
   *
   * @return its row, written
   */
  static KeyFamily benchDirectory(WriteSink sink) {
    KeyFamily benchDir = new KeyFamily(DIRECTORY_TABLE, id -> bytes(BUCKET_PATH + BUCKET_ID + "/bench"), DIR_BYTES);
    sink.put(DIRECTORY_TABLE, benchDir.key(0), DIR_BYTES);
    sink.commit();
    benchDir.ids().set(0);
    return benchDir;
  }

  /** Directories and files get distinct transaction indexes, in creation order. */
  private static long dirId(int d) {
    return objectId(10 + 2L * d);
  }

  private static long fileId(int id) {
    return objectId(11 + 2L * id);
  }

  private static String dirName(int d) {
    return String.format("dir-%012d", d);
  }

  private static String dirPath(int d) {
    return BUCKET_PATH + BENCH_DIR_ID + "/" + dirName(d);
  }

  private static byte[] dirKey(int d) {
    return bytes(dirPath(d));
  }

  private static String fileKey(int id) {
    return BUCKET_PATH + dirId(id / FILES_PER_DIR) + String.format("/%012d", id);
  }

  @Override
  protected void operation() {
    int pick = random.nextInt(CREATE_WEIGHT + DELETE_WEIGHT + DELETEDIR_WEIGHT + LIST_WEIGHT);
    if (pick < CREATE_WEIGHT) {
      create();
    } else if (pick < CREATE_WEIGHT + DELETE_WEIGHT) {
      deleteFile();
    } else if (pick < CREATE_WEIGHT + DELETE_WEIGHT + DELETEDIR_WEIGHT) {
      deleteDirectory();
    }
  }

  private void create() {
    int id = next++;
    int d = id / FILES_PER_DIR;
    if (id % FILES_PER_DIR == 0) {
      sink.put(DIRECTORY_TABLE, dirs.key(d), DIR_BYTES);
      dirs.ids().set(d);
    }
    byte[] openFile = openFiles.key(id);
    sink.put(OPEN_FILE_TABLE, openFile, FILE_BYTES);
    sink.commit();
    sink.delete(OPEN_FILE_TABLE, openFile);
    sink.put(FILE_TABLE, files.key(id), FILE_BYTES);
    sink.commit();
    files.ids().set(id);
    liveFiles.add(id);
    if (id % FILES_PER_DIR == FILES_PER_DIR - 1) {
      finishedDirs.add(d);
    }
  }

  private void deleteFile() {
    int id = liveFiles.pick(random);
    if (id < 0) {
      return;
    }
    liveFiles.remove(id);
    sink.delete(FILE_TABLE, files.key(id));
    sink.commit();
    files.ids().clear(id);
  }

  private void deleteDirectory() {
    int d = finishedDirs.pick(random);
    if (d < 0) {
      return;
    }
    finishedDirs.remove(d);
    sink.delete(DIRECTORY_TABLE, dirs.key(d));
    sink.put(DELETED_DIR_TABLE, deletedDirs.key(d), DIR_BYTES);
    sink.commit();
    dirs.ids().clear(d);
    deletedDirs.ids().set(d);
    // The directory's files are out of the namespace now: no client can delete or list them.
    for (int id = d * FILES_PER_DIR; id < (d + 1) * FILES_PER_DIR; id++) {
      liveFiles.remove(id);
    }
  }

  /**
   * KeyDeletingService, then DirectoryDeletingService: files a directory purge moves to deletedTable wait for the
   * next key deleting run, as they do in OM where the two services run independently.
   */
  @Override
  protected void deletingServices() {
    purgeHead(deletedFiles);
    purgeDeletedDirectories();
  }

  /** deletedDirectoryTable's head is its lowest dir-d (one parent, so key order is name order). */
  private void purgeDeletedDirectories() {
    BitSet pending = deletedDirs.ids();
    int paths = 0;
    for (int d = pending.nextSetBit(0); d >= 0 && paths < PATH_DELETING_LIMIT; d = pending.nextSetBit(d + 1)) {
      for (int id = d * FILES_PER_DIR; id < (d + 1) * FILES_PER_DIR; id++) {
        if (files.ids().get(id)) {
          sink.delete(FILE_TABLE, files.key(id));
          sink.put(DELETED_TABLE, deletedFiles.key(id), DELETED_FILE_BYTES);
          files.ids().clear(id);
          deletedFiles.ids().set(id);
          paths++;
        }
      }
      sink.delete(DELETED_DIR_TABLE, deletedDirs.key(d));
      pending.clear(d);
      paths++;
    }
    if (paths > 0) {
      sink.commit();
    }
  }

  @Override
  List<KeyFamily> families() {
    return List.of(benchDir, dirs, files, openFiles, deletedDirs, deletedFiles);
  }

  @Override
  List<String> queueTables() {
    return List.of(OPEN_FILE_TABLE, DELETED_TABLE, DELETED_DIR_TABLE);
  }

  /**
   * OM's listStatus of {@code bench} from its start: its entries are the dir-d rows of directoryTable under the
   * bench directory's id (it holds no files, so fileTable adds nothing).
   */
  @Override
  ListRead listRead(SplittableRandom readRandom) {
    return benchListing();
  }

  /** listStatus of {@code bench} from its start: the directoryTable rows under its id. */
  static ListRead benchListing() {
    byte[] prefix = bytes(BUCKET_PATH + BENCH_DIR_ID + "/");
    return new ListRead(DIRECTORY_TABLE, prefix, prefix);
  }
}
