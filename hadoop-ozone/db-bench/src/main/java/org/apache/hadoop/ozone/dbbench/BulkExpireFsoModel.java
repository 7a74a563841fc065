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

import static java.nio.charset.StandardCharsets.UTF_8;
import static org.apache.hadoop.ozone.dbbench.FsoModel.BENCH_DIR_ID;
import static org.apache.hadoop.ozone.dbbench.FsoModel.BUCKET_PATH;
import static org.apache.hadoop.ozone.dbbench.FsoModel.CLIENT_ID_BASE;
import static org.apache.hadoop.ozone.dbbench.FsoModel.DELETED_FILE_BYTES;
import static org.apache.hadoop.ozone.dbbench.FsoModel.DIR_BYTES;
import static org.apache.hadoop.ozone.dbbench.FsoModel.FILE_BYTES;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.DELETED_DIR_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.DELETED_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.DIRECTORY_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.FILE_TABLE;
import static org.apache.hadoop.ozone.om.codec.OMDBDefinition.OPEN_FILE_TABLE;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;

/**
 * Directory trees of an FSO bucket expired in one burst, as OM 2.2.1 writes it ({@link FsoModel}'s bucket and
 * rows). Directory {@code bench} holds trees {@code tree-<t>}, each of {@value #SUBDIRS_PER_TREE} subdirectories
 * {@code sub-<s>} of {@value #FILES_PER_SUBDIR} files; rows are keyed {@code /volumeId/bucketId/parentId/name}.
 *
 * <ul>
 *   <li>Fill, the {@link Burst}'s first steps, a file each, in tree order: {@code OMFileCreateRequestWithFSO} puts
 *       the missing parents (tree, subdirectory) into directoryTable and the open file into openFileTable;
 *       {@code OMKeyCommitResponseWithFSO} deletes the open file and puts the file into fileTable in one batch.</li>
 *   <li>Expiry, the other steps, back to back: the delete of the oldest tree, {@code OMKeyDeleteResponseWithFSO}:
 *       its directoryTable row deleted, {@code <dirKey>/<objectId>} put into deletedDirectoryTable. The burst
 *       expires the trees holding 5/6 of the files.</li>
 *   <li>DirectoryDeletingService, every service interval: from the head of deletedDirectoryTable as its run began,
 *       up to {@link #PATH_DELETING_LIMIT} paths, {@code OMDirectoriesPurgeResponseWithFSO} in one batch: each
 *       subdirectory of a deleted directory deleted from directoryTable and put into deletedDirectoryTable (a later
 *       run purges it), each file deleted from fileTable and put into deletedTable as
 *       {@code /vol1/bucket1/<path>/<objectId>}, and the deleted directory's row deleted. KeyDeletingService purges
 *       deletedTable from its head.</li>
 *   <li>After the last step both services run until their queues are empty, so the quiet period writes nothing.</li>
 * </ul>
 * The listing is {@code listStatus} of {@code bench} from its start, whose oldest trees are gone. The purged
 * files' rows lie at the end of fileTable (OM's object ids are negative, so the oldest parents sort last), where
 * no listing goes but whole-table readers do (Recon's sync, snapshot diff): the scan {@code fileTable} reads from
 * the first of them.
 *
 * <p>With range deletes (apache/ozone#9423's proposal for DirectoryDeletingService), the purge deletes a tree's
 * subdirectories from directoryTable and a subdirectory's files from fileTable with one DeleteRange over the
 * parent's prefix each, instead of a point delete per row; everything else is the same.
 */
final class BulkExpireFsoModel extends WriteModel {
  static final int FILES_PER_SUBDIR = 4;
  static final int SUBDIRS_PER_TREE = 4;
  static final int FILES_PER_TREE = FILES_PER_SUBDIR * SUBDIRS_PER_TREE;
  /** Transaction indexes before the first tree's (volume, bucket and bench take 1 to 3). */
  private static final long FIRST_TX = 10;

  private final Burst burst;
  private final KeyFamily benchDir;
  private final KeyFamily trees = new KeyFamily(DIRECTORY_TABLE, t -> bytes(treeKey(t)), DIR_BYTES);
  private final KeyFamily subdirs = new KeyFamily(DIRECTORY_TABLE, s -> bytes(subdirKey(s)), DIR_BYTES);
  private final KeyFamily files = new KeyFamily(FILE_TABLE, i -> bytes(fileKey(i)), FILE_BYTES);
  private final KeyFamily openFiles = new KeyFamily(OPEN_FILE_TABLE,
      i -> bytes(fileKey(i) + "/" + (CLIENT_ID_BASE + i)), FILE_BYTES);
  private final KeyFamily deletedTrees = new KeyFamily(DELETED_DIR_TABLE, t -> bytes(treeKey(t) + "/" + treeId(t)),
      DIR_BYTES);
  private final KeyFamily deletedSubdirs = new KeyFamily(DELETED_DIR_TABLE,
      s -> bytes(subdirKey(s) + "/" + subdirId(s)), DIR_BYTES);
  private final KeyFamily deletedFiles = new KeyFamily(DELETED_TABLE, i -> bytes(String.format(
      "/vol1/bucket1/bench/%s/%s/%s/%d", treeName(i / FILES_PER_TREE), subdirName(i / FILES_PER_SUBDIR), fileName(i),
      fileId(i))), DELETED_FILE_BYTES);
  /** deletedDirectoryTable's rows by key, so its head is the first entry: the directory and its id. */
  private final TreeMap<String, DeletedDirectory> pendingDirectories = new TreeMap<>();
  private final boolean rangeDeletes;
  private long step;
  private int nextFile;

  /** A row of deletedDirectoryTable: a tree or a subdirectory. */
  private record DeletedDirectory(boolean tree, int id) {
  }

  /** @param rangeDeletes whether the purge deletes a directory's children with one DeleteRange */
  BulkExpireFsoModel(long seed, WriteSink sink, long ops, long serviceEveryOps, boolean rangeDeletes) {
    super(seed, sink, serviceEveryOps);
    this.rangeDeletes = rangeDeletes;
    this.burst = Burst.of(ops, FILES_PER_TREE);
    this.benchDir = FsoModel.benchDirectory(sink);
  }

  // Object ids from transaction indexes in creation order: a tree, its first subdirectory and its first file are
  // created by the tree's first file's request; distinct residues modulo 3 keep the three kinds apart.
  private static long treeId(int t) {
    return objectId(FIRST_TX + 3L * t * FILES_PER_TREE);
  }

  private static long subdirId(int s) {
    return objectId(FIRST_TX + 3L * s * FILES_PER_SUBDIR + 1);
  }

  private static long fileId(int i) {
    return objectId(FIRST_TX + 3L * i + 2);
  }

  private static String treeName(int t) {
    return String.format("tree-%012d", t);
  }

  private static String subdirName(int s) {
    return "sub-" + s % SUBDIRS_PER_TREE;
  }

  private static String fileName(int i) {
    return String.format("%012d", i);
  }

  /** @return the first key of the children of directory {@code id} (exclusive end: the same with '0' for '/') */
  private static byte[] childrenPrefix(long id, boolean end) {
    return bytes(BUCKET_PATH + id + (end ? "0" : "/"));
  }

  private static String treeKey(int t) {
    return BUCKET_PATH + BENCH_DIR_ID + "/" + treeName(t);
  }

  private static String subdirKey(int s) {
    return BUCKET_PATH + treeId(s / SUBDIRS_PER_TREE) + "/" + subdirName(s);
  }

  private static String fileKey(int i) {
    return BUCKET_PATH + subdirId(i / FILES_PER_SUBDIR) + "/" + fileName(i);
  }

  @Override
  protected void operation() {
    burst.take(step++, this::create, expiring -> deleteTree((int) expiring), this::drainServices);
  }

  /** After the burst: both deleting services run until their queues are empty. */
  private void drainServices() {
    while (!pendingDirectories.isEmpty() || !deletedFiles.ids().isEmpty()) {
      deletingServices();
    }
  }

  private void create() {
    int i = nextFile++;
    if (i % FILES_PER_TREE == 0) {
      int t = i / FILES_PER_TREE;
      sink.put(DIRECTORY_TABLE, trees.key(t), DIR_BYTES);
      trees.ids().set(t);
    }
    if (i % FILES_PER_SUBDIR == 0) {
      int s = i / FILES_PER_SUBDIR;
      sink.put(DIRECTORY_TABLE, subdirs.key(s), DIR_BYTES);
      subdirs.ids().set(s);
    }
    byte[] openFile = openFiles.key(i);
    sink.put(OPEN_FILE_TABLE, openFile, FILE_BYTES);
    sink.commit();
    sink.delete(OPEN_FILE_TABLE, openFile);
    sink.put(FILE_TABLE, files.key(i), FILE_BYTES);
    sink.commit();
    files.ids().set(i);
  }

  private void deleteTree(int t) {
    if (!trees.ids().get(t)) {
      return;
    }
    sink.delete(DIRECTORY_TABLE, trees.key(t));
    sink.put(DELETED_DIR_TABLE, deletedTrees.key(t), DIR_BYTES);
    sink.commit();
    trees.ids().clear(t);
    deletedTrees.ids().set(t);
    pendingDirectories.put(new String(deletedTrees.key(t), UTF_8), new DeletedDirectory(true, t));
  }

  /** KeyDeletingService, then DirectoryDeletingService, as {@link FsoModel} runs them. */
  @Override
  protected void deletingServices() {
    purgeHead(deletedFiles);
    purgeDeletedDirectories();
  }

  /** One DirectoryDeletingService run over the directories deleted before it began, in key order. */
  private void purgeDeletedDirectories() {
    int paths = 0;
    for (DeletedDirectory dir : new ArrayList<>(pendingDirectories.values())) {
      if (paths >= PATH_DELETING_LIMIT) {
        break;
      }
      paths += dir.tree() ? purgeTree(dir.id()) : purgeSubdir(dir.id());
    }
    if (paths > 0) {
      sink.commit();
    }
  }

  /** @return paths purged: the tree's subdirectories, moved to deletedDirectoryTable, and the tree */
  private int purgeTree(int t) {
    int paths = 0;
    for (int s = t * SUBDIRS_PER_TREE; s < (t + 1) * SUBDIRS_PER_TREE; s++) {
      if (subdirs.ids().get(s)) {
        if (!rangeDeletes) {
          sink.delete(DIRECTORY_TABLE, subdirs.key(s));
        }
        sink.put(DELETED_DIR_TABLE, deletedSubdirs.key(s), DIR_BYTES);
        subdirs.ids().clear(s);
        deletedSubdirs.ids().set(s);
        pendingDirectories.put(new String(deletedSubdirs.key(s), UTF_8), new DeletedDirectory(false, s));
        paths++;
      }
    }
    if (rangeDeletes && paths > 0) {
      sink.deleteRange(DIRECTORY_TABLE, childrenPrefix(treeId(t), false), childrenPrefix(treeId(t), true));
    }
    sink.delete(DELETED_DIR_TABLE, deletedTrees.key(t));
    deletedTrees.ids().clear(t);
    pendingDirectories.remove(new String(deletedTrees.key(t), UTF_8));
    return paths + 1;
  }

  /** @return paths purged: the subdirectory's files, moved to deletedTable, and the subdirectory */
  private int purgeSubdir(int s) {
    int paths = 0;
    for (int i = s * FILES_PER_SUBDIR; i < (s + 1) * FILES_PER_SUBDIR; i++) {
      if (files.ids().get(i)) {
        if (!rangeDeletes) {
          sink.delete(FILE_TABLE, files.key(i));
        }
        sink.put(DELETED_TABLE, deletedFiles.key(i), DELETED_FILE_BYTES);
        files.ids().clear(i);
        deletedFiles.ids().set(i);
        paths++;
      }
    }
    if (rangeDeletes && paths > 0) {
      sink.deleteRange(FILE_TABLE, childrenPrefix(subdirId(s), false), childrenPrefix(subdirId(s), true));
    }
    sink.delete(DELETED_DIR_TABLE, deletedSubdirs.key(s));
    deletedSubdirs.ids().clear(s);
    pendingDirectories.remove(new String(deletedSubdirs.key(s), UTF_8));
    return paths + 1;
  }

  @Override
  List<KeyFamily> families() {
    return List.of(benchDir, trees, subdirs, files, openFiles, deletedTrees, deletedSubdirs, deletedFiles);
  }

  @Override
  List<String> queueTables() {
    return List.of(OPEN_FILE_TABLE, DELETED_TABLE, DELETED_DIR_TABLE);
  }


  /** fileTable from the youngest expired subdirectory's files, the first purged rows in key order, to its end. */
  @Override
  Map<String, ListRead> scans() {
    int youngestExpiredSubdir = (int) (burst.steps() - burst.fillSteps()) * SUBDIRS_PER_TREE - 1;
    return Map.of(FILE_TABLE, new ListRead(FILE_TABLE, null, childrenPrefix(subdirId(youngestExpiredSubdir), false)));
  }

  @Override
  ListRead listRead(SplittableRandom readRandom) {
    return FsoModel.benchListing();
  }
}
