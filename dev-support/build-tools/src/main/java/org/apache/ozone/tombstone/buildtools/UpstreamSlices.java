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

package org.apache.ozone.tombstone.buildtools;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code scripts/upstream-slices}: the amended files of the series' vertical slices as each feature leaves them
 * ({@code states DIR}), to edit, and the amends made again from them ({@code amends DIR}); see {@link SliceStates}.
 */
public final class UpstreamSlices {

  private UpstreamSlices() {
  }

  public static void main(String[] args) {
    try {
      if (args.length != 3 || !args[1].matches("states|amends")) {
        throw new IllegalArgumentException("expected PROJECT states|amends DIR");
      }
      Path project = Path.of(args[0]).toAbsolutePath();
      Path dir = Path.of(args[2]).toAbsolutePath();
      List<Feature> features = UpstreamExport.features(project);
      SeriesContents contents = SeriesContents.assign(project, features, UpstreamExport.forkOnly(project));
      SliceStates slices = SliceStates.compute(project, features, contents);
      if (args[1].equals("states")) {
        if (Files.exists(dir)) {
          throw new IllegalArgumentException(dir + " exists; give a new directory");
        }
        slices.write(dir);
        System.out.println("The amended files as each feature leaves them: " + dir);
      } else {
        if (!Files.isDirectory(dir)) {
          throw new IllegalArgumentException("No states in " + dir + "; write them with 'states' first");
        }
        slices.amendsFrom(dir);
        System.out.println("Amends and the project's files made again from " + dir);
      }
    } catch (IllegalArgumentException e) {
      System.err.println("upstream-slices: " + e.getMessage());
      System.exit(2);
    } catch (IllegalStateException | IOException e) {
      System.err.println("upstream-slices: " + e.getMessage());
      System.exit(1);
    }
  }
}
