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

package org.apache.hadoop.ozone.dist;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;
import org.apache.hadoop.ozone.dist.Commands.Result;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * compose/ozone and compose/ozone-ha as the distribution ships them, checked without a Docker engine:
 * "docker-compose config" (Debian's docker-compose package) renders every COMPOSE_FILE combination
 * docs/operations.md documents and the HA cluster, every OZONE-SITE.XML_ key is one the distribution knows, the
 * entrypoint turns them into ozone-site.xml, and the Grafana dashboard loads.
 */
class ComposeConfigIT {

  static final Path COMPOSE = Commands.DIST.resolve("compose/ozone");
  /** Three OMs in one service; its docker-compose.yaml reads compose/ozone's docker-config first, then its own. */
  static final Path COMPOSE_HA = Commands.DIST.resolve("compose/ozone-ha");
  static final Path DASHBOARD = COMPOSE.resolve("grafana/dashboards/ozone-om-range-compaction.json");
  static final Path ALERTS = COMPOSE.resolve("prometheus-alerts.yml");
  private static final String ALL = "docker-compose.yaml:monitoring.yaml:profiling.yaml";
  private static final String PREFIX = "OZONE-SITE.XML_";

  @TempDir
  private Path tmp;

  @BeforeAll
  static void dockerComposeIsInstalled() throws Exception {
    try {
      Result version = compose(Map.of(), "version");
      assertThat(version.exitCode()).as(version.output()).isZero();
    } catch (IOException e) {
      fail("docker-compose is not installed; these tests need Debian's package: apt-get install -y docker-compose", e);
    }
  }

  @Test
  void everyDocumentedCombinationRenders() throws Exception {
    Set<String> documented = new LinkedHashSet<>();
    Matcher combination = Pattern.compile("COMPOSE_FILE=([\\w.:-]+)")
        .matcher(Files.readString(Commands.REPO.resolve("docs/operations.md")));
    while (combination.find()) {
      documented.add(combination.group(1));
    }
    assertThat(documented).contains("docker-compose.yaml", "docker-compose.yaml:monitoring.yaml", ALL);
    for (String files : documented) {
      Result result = run(List.of(COMPOSE.resolve("validate").toString(), files), Map.of());
      assertThat(result.exitCode()).as(files + ": " + result.output()).isZero();
      assertThat(result.output()).contains("ok: COMPOSE_FILE=" + files);
    }
    Result defaults = run(List.of(COMPOSE.resolve("validate").toString()), Map.of());
    assertThat(defaults.exitCode()).as(defaults.output()).isZero();
  }

  @Test
  void servicesImageAndDistributionMount() throws Exception {
    Map<String, String> services = services(config(ALL, Map.of()));
    assertThat(services.keySet()).containsExactlyInAnyOrder("scm", "om", "datanode", "s3g", "prometheus", "grafana");
    for (String service : List.of("scm", "om", "datanode", "s3g")) {
      assertThat(services.get(service)).contains("image: apache/ozone-runner:")
          .contains(Commands.DIST.toRealPath() + ":/opt/hadoop");
    }
    assertThat(services.get("om")).contains(PREFIX + "hdds.profiler.endpoint.enabled: \"true\"");
  }

  /**
   * The HA cluster: one SCM, three OMs of one service, datanodes and an S3 gateway, all from the distribution and the
   * same image.
   */
  @Test
  void haServicesAndOmService() throws Exception {
    Map<String, String> services = services(config(COMPOSE_HA, "docker-compose.yaml", Map.of()));
    assertThat(services.keySet()).containsExactlyInAnyOrder("scm", "om1", "om2", "om3", "datanode", "s3g");
    for (Map.Entry<String, String> service : services.entrySet()) {
      assertThat(service.getValue()).as(service.getKey()).contains("image: apache/ozone-runner:")
          .contains(Commands.DIST.toRealPath() + ":/opt/hadoop")
          .contains(PREFIX + "ozone.om.service.ids: omservice")
          .contains(PREFIX + "ozone.om.nodes.omservice: om1,om2,om3");
    }
    for (String om : List.of("om1", "om2", "om3")) {
      assertThat(services.get(om)).contains("hostname: " + om)
          .contains(PREFIX + "ozone.om.address.omservice." + om + ": " + om);
    }
  }

  /** The A/B switch changes OM's setting only, on every OM of the HA cluster too; docker-config's default is off. */
  @Test
  void rangeCompactionSwitch() throws Exception {
    String key = PREFIX + "ozone.om.range.compaction.service.enabled: ";
    Map<String, String> off = services(config("docker-compose.yaml", Map.of()));
    assertThat(off.get("om")).contains(key + "\"false\"");
    Map<String, String> on = services(config("docker-compose.yaml", Map.of("OZONE_RANGE_COMPACTION", "true")));
    assertThat(on.get("om")).contains(key + "\"true\"");
    assertThat(on.get("scm")).contains(key + "\"false\"");
    assertThat(on.get("datanode")).contains(key + "\"false\"");

    Map<String, String> haOff = services(config(COMPOSE_HA, "docker-compose.yaml", Map.of()));
    Map<String, String> haOn = services(config(COMPOSE_HA, "docker-compose.yaml",
        Map.of("OZONE_RANGE_COMPACTION", "true")));
    for (String om : List.of("om1", "om2", "om3")) {
      assertThat(haOff.get(om)).as(om).contains(key + "\"false\"");
      assertThat(haOn.get(om)).as(om).contains(key + "\"true\"");
    }
    assertThat(haOn.get("scm")).contains(key + "\"false\"");
    assertThat(haOn.get("datanode")).contains(key + "\"false\"");
  }

  @Test
  void everyConfigKeyIsKnownToTheDistribution() throws Exception {
    Map<String, String> defaults = distributionDefaults();
    assertThat(defaults).containsKey("ozone.om.range.compaction.service.enabled");

    Set<String> keys = new TreeSet<>(envFile(COMPOSE.resolve("docker-config")).keySet());
    keys.addAll(envFile(COMPOSE.resolve("monitoring.conf")).keySet());
    keys.addAll(envFile(COMPOSE_HA.resolve("docker-config")).keySet());
    Matcher rendered = Pattern.compile("^ +" + Pattern.quote(PREFIX) + "([^:]+):", Pattern.MULTILINE)
        .matcher(config(COMPOSE, ALL, Map.of()) + config(COMPOSE_HA, "docker-compose.yaml", Map.of()));
    while (rendered.find()) {
      keys.add(PREFIX + rendered.group(1));
    }
    Set<String> unknown = new TreeSet<>();
    for (String key : keys) {
      if (!key.startsWith(PREFIX)) {
        continue;
      }
      // An OM service's keys carry its id (ozone-default.xml: EXAMPLEOMSERVICEID) and node id as suffixes.
      String name = key.substring(PREFIX.length()).replaceAll("\\.omservice(\\.om\\d)?$", "");
      if (!defaults.containsKey(name) && !defaults.containsKey(name + ".EXAMPLEOMSERVICEID")) {
        unknown.add(key);
      }
    }
    assertThat(unknown).as("keys in compose/ozone{,-ha} that no *-default.xml of the distribution defines")
        .isEmpty();

    // docker-config documents every key of our services, at the distribution's defaults.
    Map<String, String> dockerConfig = envFile(COMPOSE.resolve("docker-config"));
    Map<String, String> notAtDefault = new TreeMap<>();
    defaults.forEach((key, value) -> {
      if (key.startsWith("ozone.om.range.") && !value.equals(dockerConfig.get(PREFIX + key))) {
        notAtDefault.put(key, dockerConfig.get(PREFIX + key) + " (default: " + value + ")");
      }
    });
    assertThat(notAtDefault).as("ozone.om.range.* keys missing from docker-config or not at their default").isEmpty();
  }

  /** The entrypoint the runner image runs writes exactly docker-config's keys into ozone-site.xml. */
  @Test
  void entrypointWritesOzoneSite() throws Exception {
    Map<String, String> env = new LinkedHashMap<>(envFile(COMPOSE.resolve("docker-config")));
    env.put("OZONE_CONF_DIR", tmp.toString());
    env.put(PREFIX + "test.escaping", "a<b&c");
    Result result = run(List.of(Commands.DIST.resolve("libexec/entrypoint.sh").toString(), "echo", "started"), env);
    assertThat(result.exitCode()).as(result.output()).isZero();
    assertThat(result.output()).contains("started");
    String site = Files.readString(tmp.resolve("ozone-site.xml"));
    for (Map.Entry<String, String> entry : env.entrySet()) {
      if (entry.getKey().startsWith(PREFIX) && !entry.getKey().endsWith("test.escaping")) {
        assertThat(site).contains("<name>" + entry.getKey().substring(PREFIX.length()) + "</name><value>"
            + entry.getValue() + "</value>");
      }
    }
    assertThat(site).contains("<name>test.escaping</name><value>a&lt;b&amp;c</value>");
    assertThat(tmp.resolve("log4j.properties")).exists();
  }

  @Test
  @SuppressWarnings("unchecked")
  void dashboardLoads() throws Exception {
    Map<String, Object> dashboard = (Map<String, Object>) Json.parse(Files.readString(DASHBOARD));
    assertThat(dashboard).containsKeys("uid", "title", "panels");
    String datasourceUid = Pattern.compile("uid: (\\S+)")
        .matcher(Files.readString(COMPOSE.resolve("grafana/provisioning/datasources/prometheus.yml")))
        .results().findFirst().orElseThrow().group(1);
    List<Map<String, Object>> panels = (List<Map<String, Object>>) dashboard.get("panels");
    List<String> exprs = new ArrayList<>();
    for (Map<String, Object> panel : panels) {
      assertThat(panel).containsKeys("id", "type", "title", "gridPos");
      if (!"row".equals(panel.get("type"))) {
        assertThat(((Map<String, Object>) panel.get("datasource")).get("uid")).isEqualTo(datasourceUid);
        for (Map<String, Object> target : (List<Map<String, Object>>) panel.get("targets")) {
          exprs.add((String) target.get("expr"));
        }
      }
    }
    assertThat(exprs).hasSizeGreaterThan(20).allSatisfy(expr -> assertThat(PromQl.metricNames(expr)).isNotEmpty());
    // Grafana finds the dashboards where monitoring.yaml mounts them.
    assertThat(Files.readString(COMPOSE.resolve("grafana/provisioning/dashboards/dashboards.yml")))
        .contains("path: /var/lib/grafana/dashboards");
    assertThat(Files.readString(COMPOSE.resolve("monitoring.yaml")))
        .contains("./grafana/dashboards:/var/lib/grafana/dashboards");
  }

  /** The metric names the dashboard and the alert rules query. */
  @SuppressWarnings("unchecked")
  static Set<String> queriedMetrics() throws IOException {
    Set<String> names = new TreeSet<>();
    Map<String, Object> dashboard = (Map<String, Object>) Json.parse(Files.readString(DASHBOARD));
    for (Map<String, Object> panel : (List<Map<String, Object>>) dashboard.get("panels")) {
      for (Map<String, Object> target : (List<Map<String, Object>>) panel.getOrDefault("targets", List.of())) {
        names.addAll(PromQl.metricNames((String) target.get("expr")));
      }
    }
    Matcher expr = Pattern.compile("^ +expr: (.+)$", Pattern.MULTILINE).matcher(Files.readString(ALERTS));
    while (expr.find()) {
      names.addAll(PromQl.metricNames(expr.group(1)));
    }
    return names;
  }

  /** Every property name and default value in the *-default.xml files of the distribution's jars. */
  private static Map<String, String> distributionDefaults() throws IOException {
    Map<String, String> defaults = new TreeMap<>();
    Pattern property = Pattern.compile("<property>.*?<name>\\s*(.*?)\\s*</name>\\s*(?:<value>(.*?)</value>)?",
        Pattern.DOTALL);
    try (Stream<Path> jars = Files.list(Commands.DIST.resolve("share/ozone/lib"))) {
      for (Path jar : jars.filter(p -> p.toString().endsWith(".jar")).toList()) {
        try (ZipFile zip = new ZipFile(jar.toFile())) {
          for (ZipEntry entry : zip.stream().filter(e -> e.getName().matches("[^/]*-default\\.xml")).toList()) {
            try (InputStream in = zip.getInputStream(entry)) {
              Matcher m = property.matcher(new String(in.readAllBytes(), StandardCharsets.UTF_8));
              while (m.find()) {
                defaults.putIfAbsent(m.group(1), m.group(2) == null ? "" : m.group(2).strip());
              }
            }
          }
        }
      }
    }
    return defaults;
  }

  private static Map<String, String> envFile(Path file) throws IOException {
    Map<String, String> env = new LinkedHashMap<>();
    for (String line : Files.readAllLines(file)) {
      if (!line.isBlank() && !line.startsWith("#")) {
        env.put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1));
      }
    }
    return env;
  }

  /** Each top-level service of a rendered config and its lines. */
  private static Map<String, String> services(String config) {
    Map<String, String> services = new LinkedHashMap<>();
    String body = config.substring(config.indexOf("\nservices:\n") + 1);
    Matcher service = Pattern.compile("^  ([\\w-]+):\\n((?:(?:    .*)?\\n)*)", Pattern.MULTILINE).matcher(body);
    while (service.find()) {
      services.put(service.group(1), service.group(2));
    }
    return services;
  }

  private static String config(String composeFile, Map<String, String> env) throws Exception {
    return config(COMPOSE, composeFile, env);
  }

  private static String config(Path dir, String composeFile, Map<String, String> env) throws Exception {
    Map<String, String> all = new LinkedHashMap<>(env);
    all.put("COMPOSE_FILE", composeFile);
    Result result = run(dir, List.of("docker-compose", "config"), all);
    assertThat(result.exitCode()).as(result.output()).isZero();
    return "\n" + result.output();
  }

  private static Result compose(Map<String, String> env, String... args) throws Exception {
    List<String> command = new ArrayList<>(List.of("docker-compose"));
    command.addAll(List.of(args));
    return run(command, env);
  }

  private static Result run(List<String> command, Map<String, String> env) throws Exception {
    return run(COMPOSE, command, env);
  }

  private static Result run(Path dir, List<String> command, Map<String, String> env) throws Exception {
    ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true);
    // The rendering must not depend on whoever runs the test.
    builder.environment().keySet().removeIf(k -> k.startsWith("OZONE") || k.startsWith("COMPOSE"));
    builder.environment().putAll(env);
    Process process = builder.start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(2, TimeUnit.MINUTES)).isTrue();
    return new Result(process.exitValue(), output);
  }
}
