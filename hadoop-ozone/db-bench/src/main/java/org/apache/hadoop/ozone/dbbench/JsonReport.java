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

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * All results as {@code db-bench.json} in the output directory, in the envelope of every result of this project
 * ({@link Provenance}), written atomically, and read back for a page.
 */
final class JsonReport {
  private static final ObjectMapper MAPPER = new ObjectMapper()
      .configure(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES, false);

  private JsonReport() {
  }

  /**
   * What the run was set to do: the envelope's settings.
   *
   * @param rangeConf {@code --range-conf}: the range arm's settings over its defaults (empty in a JSON older than
   *     the option)
   * @param quietSeconds {@code --quiet-seconds}: the bulk scenarios' quiet period (0 in a JSON older than the option)
   * @param workloads what each scenario wrote and read, by scenario (empty in a JSON older than it)
   */
  record Run(long ops, long seed, int inRunSamples, int endSamples, boolean verified, Map<String, String> rangeConf,
      long quietSeconds, Map<String, String> workloads) {
    Run {
      rangeConf = rangeConf == null ? Map.of() : rangeConf;
      workloads = workloads == null ? Map.of() : workloads;
    }

    static Run of(BenchOptions options) {
      Map<String, String> workloads = new LinkedHashMap<>();
      options.scenarios().forEach(s -> workloads.put(s.id(), s.workload()));
      return new Run(options.ops(), options.seed(), options.samples(), options.endSamples(), options.verify(),
          options.rangeConf(), options.quietSeconds(), workloads);
    }

    /** @return the page's sentence on {@link #rangeConf}, empty for the defaults */
    String rangeConfSentence() {
      if (rangeConf.isEmpty()) {
        return "";
      }
      StringBuilder sentence = new StringBuilder(" The range arm ran with");
      rangeConf.forEach((key, value) -> sentence.append(" `").append(key).append('=').append(value).append('`'));
      return sentence.append(" over its defaults (`--range-conf`).").toString();
    }
  }

  /** Where a run came from, what it was set to do and its results by scenario, as the JSON holds them. */
  record Results(Provenance provenance, Run run, Map<String, List<ArmResult>> scenarios) {
  }

  static File write(File dir, Results results) throws IOException {
    Map<String, Object> root = results.provenance().envelope();
    root.put("settings", results.run());
    root.put("scenarios", results.scenarios());
    Files.createDirectories(dir.toPath());
    File target = new File(dir, "db-bench.json");
    File tmp = new File(dir, "db-bench.json.tmp");
    MAPPER.writer(SerializationFeature.INDENT_OUTPUT).writeValue(tmp, root);
    Files.move(tmp.toPath(), target.toPath(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return target;
  }

  /** One value as JSON, for the native arm's JVM and the one that starts it. */
  static void writeValue(File json, Object value) throws IOException {
    MAPPER.writeValue(json, value);
  }

  static <T> T readValue(File json, Class<T> type) throws IOException {
    return MAPPER.readValue(json, type);
  }

  static Results read(File json) throws IOException {
    JsonNode root = MAPPER.readTree(json);
    Map<String, List<ArmResult>> scenarios = MAPPER.convertValue(root.get("scenarios"),
        new TypeReference<LinkedHashMap<String, List<ArmResult>>>() {
        });
    return new Results(Provenance.read(root), MAPPER.treeToValue(root.get("settings"), Run.class), scenarios);
  }
}
