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

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.HashMap;
import java.util.Map;
import java.util.Properties;
import org.apache.hadoop.ozone.dbbench.ObjectStoreModel.DeleteOrder;
import org.apache.hadoop.ozone.dbbench.ObjectStoreModel.Shape;

/**
 * The omkeybench workloads that scripts/ab-bench and scripts/db-bench share, from {@code workloads.properties}
 * (which ab-bench reads from the source tree): omkeybench's options, replayed here as an {@link ObjectStoreModel}.
 */
final class Workloads {
  private static final String CATALOGUE = "/workloads.properties";
  private static final Properties WORKLOADS = load();

  private Workloads() {
  }

  /** @return the omkeybench options of {@code scenario} */
  static String options(String scenario) {
    String options = WORKLOADS.getProperty(scenario);
    if (options == null) {
      throw new IllegalStateException(CATALOGUE + " has no " + scenario);
    }
    return options;
  }

  /** @return the write model's shape of {@code scenario}'s omkeybench options */
  static Shape shape(String scenario) {
    String[] words = options(scenario).trim().split("\\s+");
    Map<String, String> option = new HashMap<>();
    for (int i = 0; i + 1 < words.length; i += 2) {
      option.put(words[i], words[i + 1]);
    }
    Map<String, Integer> weights = new HashMap<>();
    for (String weight : option.get("--weights").split(",")) {
      String[] kindAndWeight = weight.split(":");
      weights.put(kindAndWeight[0], Integer.parseInt(kindAndWeight[1]));
    }
    return new Shape(weights.getOrDefault("create", 0), weights.getOrDefault("delete", 0),
        weights.getOrDefault("list", 0), Integer.parseInt(option.get("--max-live-keys")),
        DeleteOrder.valueOf(option.get("--delete-order").toUpperCase()), option.get("--list-start").equals("first"),
        !option.get("--size").equals("0"));
  }

  private static Properties load() {
    Properties p = new Properties();
    try (InputStream in = Workloads.class.getResourceAsStream(CATALOGUE)) {
      p.load(in);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read " + CATALOGUE, e);
    }
    return p;
  }
}
