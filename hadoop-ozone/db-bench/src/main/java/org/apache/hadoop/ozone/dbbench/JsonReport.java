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

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.StandardCopyOption;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** All results as {@code db-bench.json} in the output directory, written atomically. */
final class JsonReport {
  private JsonReport() {
  }

  static File write(File dir, BenchOptions options, Map<String, List<ArmResult>> byScenario) throws IOException {
    Map<String, Object> root = new LinkedHashMap<>();
    root.put("ops", options.ops());
    root.put("seed", options.seed());
    root.put("inRunSamples", options.samples());
    root.put("endSamples", options.endSamples());
    root.put("verified", options.verify());
    root.put("availableProcessors", Runtime.getRuntime().availableProcessors());
    root.put("scenarios", byScenario);
    Files.createDirectories(dir.toPath());
    File target = new File(dir, "db-bench.json");
    File tmp = new File(dir, "db-bench.json.tmp");
    new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT).writeValue(tmp, root);
    Files.move(tmp.toPath(), target.toPath(), StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    return target;
  }
}
