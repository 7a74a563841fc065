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

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.jar.JarOutputStream;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The check the overlay build runs on each patched jar ({@link ApiCompatibility#main}, the same entry point and
 * options as exec-maven-plugin's {@code overlay-api-compatibility} execution), on two tiny jars compiled here with
 * javac at upstream's bytecode level: an "upstream" jar and a "patched" one that adds, removes or changes members.
 */
class TestApiCompatibility {

  /** Upstream: a class with every kind of member, a final class with package-private ones, an interface. */
  private static final Map<String, String> UPSTREAM = Map.of(
      "p/Store.java", String.join("\n",
          "package p;",
          "public class Store {",
          "  protected int size;",
          "  static final String NAME = \"store\";",
          "  private long secret;",
          "  public Store(String dir) { }",
          "  Store(String dir, boolean readOnly) { }",
          "  public void open() { }",
          "  protected long count() { return 0; }",
          "  void flush() { }",
          "  private void internal() { }",
          "  public Runnable task() { return () -> internal(); }",
          "  Object anonymous() { return new Object() { }; }",
          "  static class Options { int level; }",
          "}"),
      "p/Db.java", String.join("\n",
          "package p;",
          "public final class Db {",
          "  Db() { }",
          "  void compact(String table) { }",
          "  public void close() { }",
          "}"),
      "p/Listener.java", String.join("\n",
          "package p;",
          "public interface Listener {",
          "  void onFlush();",
          "}"));

  @TempDir
  private Path dir;
  private Path upstreamJar;

  @BeforeEach
  void compileUpstream() throws IOException {
    upstreamJar = jar("upstream", UPSTREAM);
  }

  @Test
  void upstreamAgainstItselfIsCompatible() throws Exception {
    assertThat(ApiCompatibility.check(upstreamJar, jar("same", UPSTREAM), List.of())).isEmpty();
  }

  @Test
  void additionsAndPrivateChangesAreAllowed() throws Exception {
    Map<String, String> patched = new LinkedHashMap<>(UPSTREAM);
    patched.put("p/Store.java", UPSTREAM.get("p/Store.java")
        // a new overload next to the kept constructor, as RDBStore's listener constructor
        .replace("  Store(String dir, boolean readOnly) { }",
            "  Store(String dir, boolean readOnly) { this(dir, readOnly, 0); }\n"
            + "  Store(String dir, boolean readOnly, int listeners) { }\n"
            + "  public void addListener(Listener l) { }")
        // private members may go, lambdas and anonymous classes may be renumbered or disappear
        .replace("  private long secret;", "")
        .replace("  private void internal() { }", "")
        .replace("() -> internal()", "() -> { }")
        .replace("return new Object() { };", "return null;"));
    patched.put("p/Added.java", "package p;\nclass Added { }");

    ApiCompatibility.Result result = ApiCompatibility.compare(upstreamJar, jar("patched", patched), List.of());
    assertThat(result.problems()).isEmpty();
    assertThat(result.addedClasses()).isEqualTo(1);
    assertThat(result.addedMembers()).isEqualTo(2);
    // Store, Store$Options, Db and Listener; not the anonymous Store$1
    assertThat(result.classes()).isEqualTo(4);
  }

  /** The deliberate mistake the check exists for: a package-private method removed, in a final class at that. */
  @Test
  void removedPackagePrivateMethodFailsTheBuild() throws Exception {
    Path patched = jar("patched", with("p/Db.java", "  void compact(String table) { }\n", ""));

    assertThatThrownBy(() -> ApiCompatibility.main(args(patched)))
        .isInstanceOf(IllegalStateException.class)
        .hasMessageContaining("patched.jar removes or changes 1 signature(s) of upstream's upstream.jar")
        .hasMessageEndingWith("\n  p.Db: method compact(java.lang.String) removed (was package-private)");
  }

  /** Issue 19: a package-private constructor replaced by one with an extra parameter is a removal. */
  @Test
  void replacedConstructorIsReported() throws Exception {
    Path patched = jar("patched", with("p/Store.java", "Store(String dir, boolean readOnly) { }",
        "Store(String dir, boolean readOnly, java.util.List<Listener> listeners) { }"));

    assertThat(ApiCompatibility.check(upstreamJar, patched, List.of()))
        .containsExactly("p.Store: constructor Store(java.lang.String, boolean) removed (was package-private)");
  }

  @Test
  void changedMembersAreReported() throws Exception {
    Map<String, String> patched = new LinkedHashMap<>(UPSTREAM);
    patched.put("p/Store.java", UPSTREAM.get("p/Store.java")
        .replace("protected int size;", "protected long size;")
        .replace("static final String NAME", "final String NAME")
        .replace("public void open()", "void open()")
        .replace("protected long count() { return 0; }", "protected int count() { return 0; }")
        .replace("  static class Options { int level; }", ""));
    patched.put("p/Db.java", UPSTREAM.get("p/Db.java").replace("void compact(String table)",
        "static void compact(String table)"));

    assertThat(ApiCompatibility.check(upstreamJar, jar("patched", patched), List.of())).containsExactlyInAnyOrder(
        "p.Store: field size: type int -> long",
        "p.Store: field NAME: static -> non_static",
        "p.Store: method open(): public -> package-private",
        "p.Store: method count(): return type long -> int",
        "p.Store$Options: class removed",
        "p.Db: method compact(java.lang.String): non_static -> static");
  }

  @Test
  void methodAddedToInterfaceIsReported() throws Exception {
    Path patched = jar("patched", with("p/Listener.java", "void onFlush();", "void onFlush();\n  void onCompact();"));

    assertThat(ApiCompatibility.check(upstreamJar, patched, List.of()))
        .containsExactly("p.Listener: method onCompact(): METHOD_ADDED_TO_INTERFACE");
  }

  @Test
  void badArgumentsAreOneLine() throws Exception {
    Path patched = jar("patched", UPSTREAM);
    assertThatThrownBy(() -> ApiCompatibility.main(new String[] {"--upstream", upstreamJar.toString()}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--patched is missing; usage: ApiCompatibility --upstream <jar> --patched <jar>"
            + " [--classpath-file <file>]");
    assertThatThrownBy(() -> ApiCompatibility.main(new String[] {"--upstream", upstreamJar.toString(), "--patched",
        dir.resolve("missing.jar").toString()}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessage("--patched " + dir.resolve("missing.jar") + ": no such file");
    assertThatThrownBy(() -> ApiCompatibility.main(new String[] {"--old", upstreamJar.toString()}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("Unknown argument '--old'; usage: ");
    assertThatThrownBy(() -> ApiCompatibility.main(new String[] {"--upstream", upstreamJar.toString(), "--patched",
        patched.toString(), "--classpath-file"}))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageStartingWith("--classpath-file needs a value; usage: ");
  }

  /**
   * A superclass in neither jar (upstream's classes extend Hadoop's and RocksDB's) is found through the classpath
   * file, as the build passes the module's compile classpath; without it the check cannot load the superclass.
   */
  @Test
  void classpathFileSuppliesSuperclassesOutsideTheJars() throws Exception {
    Path base = jar("base", Map.of("q/Base.java", "package q;\npublic class Base { public void open() { } }"));
    Map<String, String> child = Map.of("p/Child.java", "package p;\npublic class Child extends q.Base { }");
    Path upstream = jar("upstream-child", child, base);
    Path patched = jar("patched-child", child, base);
    String[] args = {"--upstream", upstream.toString(), "--patched", patched.toString()};

    assertThatThrownBy(() -> ApiCompatibility.main(args)).hasMessageContaining("q.Base");

    Path classpath = dir.resolve("classpath.txt");
    Files.writeString(classpath, base + "\n");
    PrintStream stdout = System.out;
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    System.setOut(new PrintStream(printed, true, StandardCharsets.UTF_8));
    try {
      ApiCompatibility.main(concat(args, "--classpath-file", classpath.toString()));
    } finally {
      System.setOut(stdout);
    }
    assertThat(printed.toString(StandardCharsets.UTF_8))
        .contains("patched-child.jar keeps every non-private signature of the 1 classes of upstream's "
            + "upstream-child.jar");
  }

  private static String[] concat(String[] args, String... more) {
    List<String> all = new ArrayList<>(List.of(args));
    all.addAll(List.of(more));
    return all.toArray(new String[0]);
  }

  private String[] args(Path patched) {
    return new String[] {"--upstream", upstreamJar.toString(), "--patched", patched.toString()};
  }

  private static Map<String, String> with(String file, String from, String to) {
    Map<String, String> sources = new LinkedHashMap<>(UPSTREAM);
    String source = sources.get(file);
    assertThat(source).contains(from);
    sources.put(file, source.replace(from, to));
    return sources;
  }

  private Path jar(String name, Map<String, String> sources) throws IOException {
    return jar(name, sources, null);
  }

  /** Compiles the sources with javac at release 8 (as the overlay modules), against {@code classpath} if not null,
   * into {@code <name>.jar}. */
  private Path jar(String name, Map<String, String> sources, Path classpath) throws IOException {
    Path src = dir.resolve(name + "-src");
    Path classes = dir.resolve(name + "-classes");
    Files.createDirectories(classes);
    List<String> args = new ArrayList<>(List.of("--release", "8", "-d", classes.toString()));
    if (classpath != null) {
      args.addAll(List.of("-cp", classpath.toString()));
    }
    for (Map.Entry<String, String> source : sources.entrySet()) {
      Path file = src.resolve(source.getKey());
      Files.createDirectories(file.getParent());
      Files.writeString(file, source.getValue() + "\n");
      args.add(file.toString());
    }
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    ByteArrayOutputStream errors = new ByteArrayOutputStream();
    int exit = javac.run(null, null, errors, args.toArray(new String[0]));
    assertThat(exit).as("javac: %s", errors).isZero();

    Path jar = dir.resolve(name + ".jar");
    try (JarOutputStream out = new JarOutputStream(Files.newOutputStream(jar));
         Stream<Path> files = Files.walk(classes)) {
      for (Path file : (Iterable<Path>) files.filter(Files::isRegularFile).sorted()::iterator) {
        out.putNextEntry(new ZipEntry(classes.relativize(file).toString().replace('\\', '/')));
        Files.copy(file, out);
        out.closeEntry();
      }
    }
    return jar;
  }
}
