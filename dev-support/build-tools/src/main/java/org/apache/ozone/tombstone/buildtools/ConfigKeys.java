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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The typed configuration keys a change adds, read from the {@code @Config(key = ..., defaultValue = ...)}
 * annotations of its sources, so that a commit message lists exactly the keys the code defines.
 */
final class ConfigKeys {

  private static final String STRING = "\"(?:[^\"\\\\]|\\\\.)*\"";
  private static final Pattern CONFIG = Pattern.compile(
      "@Config\\(\\s*key\\s*=\\s*\"([^\"]+)\"\\s*,\\s*defaultValue\\s*=\\s*(" + STRING + "(?:\\s*\\+\\s*" + STRING
          + ")*)");
  private static final Pattern PIECE = Pattern.compile(STRING);

  private ConfigKeys() {
  }

  /** Key to default value, in source order, of every {@code @Config} field in the given Java files. */
  static Map<String, String> of(List<Path> javaFiles) throws IOException {
    Map<String, String> keys = new LinkedHashMap<>();
    for (Path file : javaFiles) {
      Matcher config = CONFIG.matcher(Files.readString(file));
      while (config.find()) {
        StringBuilder value = new StringBuilder();
        Matcher piece = PIECE.matcher(config.group(2));
        while (piece.find()) {
          String quoted = piece.group();
          value.append(quoted, 1, quoted.length() - 1);
        }
        keys.put(config.group(1), value.toString());
      }
    }
    return keys;
  }
}
