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

package org.apache.hadoop.ozone.freon.omkeybench;

import java.io.BufferedWriter;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;

/**
 * What OM acknowledged, key by key, for a check of the bucket after faults ({@code --journal}, read by a fault test
 * after it killed OM under the load). One line per event, written through at once, so that the file is complete up
 * to the moment the client dies:
 * <ul>
 *   <li>{@code created NAME}: OM acknowledged the key's CREATE, so the key must exist unless deleted later;</li>
 *   <li>{@code deleting NAME}: a DELETE of the key is about to be sent; until the next line the key may or may not
 *   exist (OM may have applied the delete and died before answering);</li>
 *   <li>{@code deleted NAME}: OM acknowledged the DELETE (or answered that the key was gone), so the key must not
 *   exist.</li>
 * </ul>
 * A CREATE that OM did not acknowledge has no line; its key may or may not exist.
 */
final class KeyJournal implements Closeable {

  /** Records nothing: the run has no {@code --journal}. */
  static final KeyJournal NONE = new KeyJournal(null);

  /** Null for {@link #NONE}. */
  private final BufferedWriter out;

  private KeyJournal(BufferedWriter out) {
    this.out = out;
  }

  /** @return a journal appending to {@code file}, created if missing */
  static KeyJournal appendTo(Path file) throws IOException {
    return new KeyJournal(new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(file,
        StandardOpenOption.CREATE, StandardOpenOption.APPEND, StandardOpenOption.WRITE), StandardCharsets.UTF_8)));
  }

  void created(String key) throws IOException {
    write("created ", key);
  }

  void deleting(String key) throws IOException {
    write("deleting ", key);
  }

  void deleted(String key) throws IOException {
    write("deleted ", key);
  }

  private synchronized void write(String event, String key) throws IOException {
    if (out == null) {
      return;
    }
    out.write(event);
    out.write(key);
    out.write('\n');
    // to the OS at once: the check after a fault must see every acknowledgement the client got
    out.flush();
  }

  @Override
  public synchronized void close() throws IOException {
    if (out != null) {
      out.close();
    }
  }
}
