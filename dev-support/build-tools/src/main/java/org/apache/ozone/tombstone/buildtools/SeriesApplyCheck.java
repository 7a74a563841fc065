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
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

/**
 * Proof that a patch series applies to Ozone's source tree: upstream's sources of the touched modules at the base
 * release, rebuilt from the {@code -sources.jar} artifacts, committed in a fresh scratch repository, and the
 * series applied in order with {@code git am}. Any conflict fails with git's explanation.
 */
final class SeriesApplyCheck {

  private SeriesApplyCheck() {
  }

  static void check(Path project, Collection<String> modules, ExportOptions options, List<Path> series, Path scratch)
      throws IOException {
    FileTrees.recreate(scratch);
    UpstreamSourceTree.write(project, modules, options.repository(), options.base(), scratch);
    ScratchRepo repo = ScratchRepo.init(scratch, options.identity());
    repo.commitAll("Apache Ozone " + options.base() + " sources of " + String.join(", ", modules));
    try {
      repo.am(series);
    } catch (IOException e) {
      throw new IllegalStateException("The series does not apply to Apache Ozone " + options.base() + ": "
          + e.getMessage(), e);
    }
  }
}
