/*
 * Licensed to the Apache Software Foundation (ASF) under one or more
 * contributor license agreements.  See the NOTICE file distributed with
 * this work for additional information regarding copyright ownership.
 * The ASF licenses this file to You under the Apache License, Version 2.0
 * (the "License"); you may not use this file except in compliance with
 * the License.  You may obtain a copy of the License at
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
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The documents the series proposes upstream: Markdown under upstream's Hugo site ({@value #ROOT}: the design
 * proposal and the user page), and the texts of the proposal's comment and mail ({@value #PROPOSAL}), which are
 * posted, not committed. Their numbers are facts of this repository's docs check (scripts/docs-from-results fills
 * and checks them from the committed result JSON); exported, each fact marker gives way to its value, so upstream
 * reads plain Markdown with the numbers the results gave.
 */
final class UpstreamDocs {

  /** Upstream's documentation site, whose files are the same path here and upstream. */
  static final String ROOT = "hadoop-hdds/docs/content";
  /** The texts to post with the series (a JIRA comment, a dev@ mail), written beside the patches. */
  static final String PROPOSAL = "dev-support/upstream/proposal";

  private static final Pattern FACT = Pattern.compile("<!--fact [a-z0-9.:_-]+-->(.*?)<!--/fact-->", Pattern.DOTALL);
  /** A link into this repository's result pages, which upstream does not have. */
  private static final Pattern RESULTS_LINK = Pattern.compile("\\]\\([^)]*results/[^)]*\\)");

  private UpstreamDocs() {
  }

  static boolean isDoc(String file) {
    return file.startsWith(ROOT + "/");
  }

  /**
   * @return the document as upstream gets it: every fact marker replaced by its value
   * @throws IllegalStateException if it links to this repository's result pages
   */
  static String exported(Path project, String file) throws IOException {
    String text = Files.readString(project.resolve(file));
    Matcher link = RESULTS_LINK.matcher(text);
    if (link.find()) {
      throw new IllegalStateException(file + " links to this repository's results (" + link.group()
          + "), which upstream does not have: name the page in words");
    }
    return FACT.matcher(text).replaceAll(match -> Matcher.quoteReplacement(match.group(1)));
  }
}
