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

import japicmp.cmp.JApiCmpArchive;
import japicmp.cmp.JarArchiveComparator;
import japicmp.cmp.JarArchiveComparatorOptions;
import japicmp.model.AccessModifier;
import japicmp.model.JApiBehavior;
import japicmp.model.JApiCanBeSynthetic;
import japicmp.model.JApiChangeStatus;
import japicmp.model.JApiClass;
import japicmp.model.JApiCompatibilityChange;
import japicmp.model.JApiCompatibilityChangeType;
import japicmp.model.JApiConstructor;
import japicmp.model.JApiField;
import japicmp.model.JApiHasAccessModifier;
import japicmp.model.JApiHasChangeStatus;
import japicmp.model.JApiMethod;
import japicmp.model.JApiModifier;
import japicmp.model.StaticModifier;
import japicmp.model.SyntheticAttribute;
import japicmp.model.SyntheticModifier;
import japicmp.util.ModifierHelper;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Fails the build of an overlay module if its jar removes or changes anything of its upstream twin that other code
 * can use: classes, constructors, methods and fields that are public, protected or package-private (upstream's own
 * tests live in the same packages and call package-private members). Additions are allowed. Compiler artifacts that
 * no source can name are not signatures: synthetic members (lambda bodies, accessors) and anonymous or local
 * classes.
 *
 * <p>The comparison is japicmp's ({@link #options}, the one place its options are set, for the build and for
 * {@code TestApiCompatibility}). japicmp's own verdicts (binary and source compatibility) count, and so do the
 * checks below, because japicmp does not evaluate the package-private and protected members of final classes.
 *
 * <p>Usage: {@code ApiCompatibility --upstream <jar> --patched <jar> [--classpath-file <file>]}, where the file
 * holds the module's compile classpath (as {@code dependency:build-classpath} writes it) for superclasses and
 * interfaces outside the two jars.
 */
public final class ApiCompatibility {

  private static final String USAGE =
      "usage: ApiCompatibility --upstream <jar> --patched <jar> [--classpath-file <file>]";
  /** Anonymous ({@code Foo$1}) and local ({@code Foo$1Bar}) classes: no source outside their class names them. */
  private static final Pattern ANONYMOUS_OR_LOCAL = Pattern.compile(".*\\$\\d.*");
  /** japicmp's findings that the checks below report already, in their own words and for final classes too. */
  private static final Set<JApiCompatibilityChangeType> REPORTED_BELOW = EnumSet.of(
      JApiCompatibilityChangeType.CLASS_REMOVED, JApiCompatibilityChangeType.CLASS_LESS_ACCESSIBLE,
      JApiCompatibilityChangeType.CLASS_NO_LONGER_PUBLIC, JApiCompatibilityChangeType.CONSTRUCTOR_REMOVED,
      JApiCompatibilityChangeType.CONSTRUCTOR_LESS_ACCESSIBLE, JApiCompatibilityChangeType.METHOD_REMOVED,
      JApiCompatibilityChangeType.METHOD_LESS_ACCESSIBLE, JApiCompatibilityChangeType.METHOD_RETURN_TYPE_CHANGED,
      JApiCompatibilityChangeType.METHOD_NOW_STATIC, JApiCompatibilityChangeType.METHOD_NO_LONGER_STATIC,
      JApiCompatibilityChangeType.FIELD_REMOVED, JApiCompatibilityChangeType.FIELD_LESS_ACCESSIBLE,
      JApiCompatibilityChangeType.FIELD_TYPE_CHANGED, JApiCompatibilityChangeType.FIELD_NOW_STATIC,
      JApiCompatibilityChangeType.FIELD_NO_LONGER_STATIC);

  private ApiCompatibility() {
  }

  public static void main(String[] args) throws IOException {
    Map<String, String> options = parse(args);
    Path upstream = existingFile(options, "upstream");
    Path patched = existingFile(options, "patched");
    List<String> classPath = new ArrayList<>();
    if (options.containsKey("classpath-file")) {
      String text = Files.readString(existingFile(options, "classpath-file")).strip();
      if (!text.isEmpty()) {
        classPath.addAll(Arrays.asList(text.split(File.pathSeparator)));
      }
    }
    Result result = compare(upstream, patched, classPath);
    if (!result.problems().isEmpty()) {
      throw new IllegalStateException(patched.getFileName() + " removes or changes " + result.problems().size()
          + " signature(s) of upstream's " + upstream.getFileName() + " (patches may only add):\n  "
          + String.join("\n  ", result.problems()));
    }
    System.out.printf("[INFO] API compatibility: %s keeps every non-private signature of the %d classes of"
        + " upstream's %s; it adds %d classes and %d members to them%n", patched.getFileName(), result.classes(),
        upstream.getFileName(), result.addedClasses(), result.addedMembers());
  }

  /**
   * What a comparison found: the removed or changed signatures, one line each, the upstream classes checked, and
   * the classes and members (non-synthetic, any visibility) the patched jar adds.
   */
  record Result(List<String> problems, int classes, int addedClasses, int addedMembers) {
  }

  /** japicmp's options for the comparison: package-private members included, synthetic ones not. */
  static JarArchiveComparatorOptions options(List<String> classPath) {
    JarArchiveComparatorOptions options = new JarArchiveComparatorOptions();
    options.setAccessModifier(AccessModifier.PACKAGE_PROTECTED);
    options.setIncludeSynthetic(false);
    options.setClassPathMode(JarArchiveComparatorOptions.ClassPathMode.TWO_SEPARATE_CLASSPATHS);
    options.setOldClassPath(new ArrayList<>(classPath));
    options.setNewClassPath(new ArrayList<>(classPath));
    return options;
  }

  /** Every removed or changed signature of the upstream jar, one line each; empty if the patched jar keeps all. */
  static List<String> check(Path upstream, Path patched, List<String> classPath) {
    return compare(upstream, patched, classPath).problems();
  }

  static Result compare(Path upstream, Path patched, List<String> classPath) {
    JarArchiveComparator comparator = new JarArchiveComparator(options(classPath));
    List<JApiClass> classes = comparator.compare(new JApiCmpArchive(upstream.toFile(), "upstream"),
        new JApiCmpArchive(patched.toFile(), "patched"));
    List<String> problems = new ArrayList<>();
    int checked = 0;
    int addedClasses = 0;
    int addedMembers = 0;
    for (JApiClass type : classes) {
      if (type.getChangeStatus() == JApiChangeStatus.NEW) {
        addedClasses++;
      } else if (isSignature(type)) {
        checked++;
        checkClass(type, problems);
      }
      if (type.getChangeStatus() != JApiChangeStatus.NEW && type.getChangeStatus() != JApiChangeStatus.REMOVED) {
        addedMembers += (int) Stream.of(type.getConstructors(), type.getMethods(), type.getFields())
            .flatMap(List::stream).filter(m -> isAdded((JApiHasChangeStatus) m)).count();
      }
    }
    return new Result(problems, checked, addedClasses, addedMembers);
  }

  private static boolean isAdded(JApiHasChangeStatus member) {
    return member.getChangeStatus() == JApiChangeStatus.NEW && !ModifierHelper.isSynthetic((JApiCanBeSynthetic) member);
  }

  private static boolean isSignature(JApiClass type) {
    return !ANONYMOUS_OR_LOCAL.matcher(type.getFullyQualifiedName()).matches() && wasSignature(type);
  }

  private static void checkClass(JApiClass type, List<String> problems) {
    String name = type.getFullyQualifiedName();
    if (type.getChangeStatus() == JApiChangeStatus.REMOVED) {
      problems.add(name + ": class removed");
      return;
    }
    lessAccessible(name + ": class", type, problems);
    incompatible(name, type.getCompatibilityChanges(), problems);
    for (JApiConstructor constructor : type.getConstructors()) {
      checkBehavior(name, "constructor " + simpleName(name) + parameters(constructor), constructor, problems);
    }
    for (JApiMethod method : type.getMethods()) {
      String what = "method " + method.getName() + parameters(method);
      checkBehavior(name, what, method, problems);
      if (wasSignature(method) && method.getChangeStatus() != JApiChangeStatus.REMOVED
          && method.getReturnType().getChangeStatus() != JApiChangeStatus.UNCHANGED) {
        problems.add(name + ": " + what + ": return type " + method.getReturnType().getOldReturnType() + " -> "
            + method.getReturnType().getNewReturnType());
      }
    }
    for (JApiField field : type.getFields()) {
      checkField(name, field, problems);
    }
  }

  private static void checkBehavior(String type, String what, JApiBehavior behavior, List<String> problems) {
    boolean added = behavior.getChangeStatus() == JApiChangeStatus.NEW;
    if (wasSignature(behavior)) {
      if (behavior.getChangeStatus() == JApiChangeStatus.REMOVED) {
        problems.add(type + ": " + what + " removed (was " + level(behavior) + ")");
        return;
      }
      lessAccessible(type + ": " + what, behavior, problems);
      staticChanged(type + ": " + what, behavior.getStaticModifier(), problems);
    }
    if (added || wasSignature(behavior)) {
      // An addition can break upstream code too, e.g. an abstract method that upstream's implementations lack.
      incompatible(type + ": " + what, behavior.getCompatibilityChanges(), problems);
    }
  }

  private static void checkField(String type, JApiField field, List<String> problems) {
    String what = "field " + field.getName();
    if (!wasSignature(field)) {
      return;
    }
    if (field.getChangeStatus() == JApiChangeStatus.REMOVED) {
      problems.add(type + ": " + what + " removed (was " + level(field) + ")");
      return;
    }
    lessAccessible(type + ": " + what, field, problems);
    staticChanged(type + ": " + what, field.getStaticModifier(), problems);
    if (field.getType().hasChanged()) {
      problems.add(type + ": " + what + ": type " + field.getType().getOldValue() + " -> "
          + field.getType().getNewValue());
    }
    incompatible(type + ": " + what, field.getCompatibilityChanges(), problems);
  }

  /** Whether upstream's side of a class or member exists, is visible outside its class and is not synthetic. */
  private static <T extends JApiHasAccessModifier & JApiCanBeSynthetic> boolean wasSignature(T element) {
    Optional<AccessModifier> old = element.getAccessModifier().getOldModifier();
    return old.isPresent() && old.get().getLevel() >= AccessModifier.PACKAGE_PROTECTED.getLevel()
        && !element.getSyntheticModifier().getOldModifier().equals(Optional.of(SyntheticModifier.SYNTHETIC))
        && !element.getSyntheticAttribute().getOldAttribute().equals(Optional.of(SyntheticAttribute.SYNTHETIC));
  }

  private static void lessAccessible(String subject, JApiHasAccessModifier element, List<String> problems) {
    JApiModifier<AccessModifier> access = element.getAccessModifier();
    if (access.getNewModifier().isPresent()
        && access.getNewModifier().get().getLevel() < access.getOldModifier().get().getLevel()) {
      problems.add(subject + ": " + describe(access.getOldModifier().get()) + " -> "
          + describe(access.getNewModifier().get()));
    }
  }

  private static void staticChanged(String subject, JApiModifier<StaticModifier> modifier, List<String> problems) {
    if (modifier.getOldModifier().isPresent() && modifier.getNewModifier().isPresent()
        && modifier.getOldModifier().get() != modifier.getNewModifier().get()) {
      problems.add(subject + ": " + modifier.getOldModifier().get().name().toLowerCase() + " -> "
          + modifier.getNewModifier().get().name().toLowerCase());
    }
  }

  /** japicmp's own findings that break binary or source compatibility (e.g. a method added to an interface). */
  private static void incompatible(String subject, List<JApiCompatibilityChange> changes, List<String> problems) {
    for (JApiCompatibilityChange change : changes) {
      boolean breaks = !change.isBinaryCompatible() || !change.isSourceCompatible();
      if (breaks && !REPORTED_BELOW.contains(change.getType())) {
        problems.add(subject + ": " + change.getType());
      }
    }
  }

  private static String level(JApiHasAccessModifier element) {
    return describe(element.getAccessModifier().getOldModifier().get());
  }

  private static String describe(AccessModifier modifier) {
    return modifier == AccessModifier.PACKAGE_PROTECTED ? "package-private" : modifier.name().toLowerCase();
  }

  private static String parameters(JApiBehavior behavior) {
    return behavior.getParameters().stream().map(p -> p.getType()).collect(Collectors.joining(", ", "(", ")"));
  }

  private static String simpleName(String className) {
    return className.substring(Math.max(className.lastIndexOf('.'), className.lastIndexOf('$')) + 1);
  }

  private static Map<String, String> parse(String[] args) {
    Map<String, String> options = new LinkedHashMap<>();
    for (int i = 0; i < args.length; i++) {
      String name = args[i];
      if (!List.of("--upstream", "--patched", "--classpath-file").contains(name)) {
        throw new IllegalArgumentException("Unknown argument '" + name + "'; " + USAGE);
      }
      if (i + 1 == args.length) {
        throw new IllegalArgumentException(name + " needs a value; " + USAGE);
      }
      options.put(name.substring(2), args[++i]);
    }
    return options;
  }

  private static Path existingFile(Map<String, String> options, String name) {
    String value = options.get(name);
    if (value == null) {
      throw new IllegalArgumentException("--" + name + " is missing; " + USAGE);
    }
    Path file = Path.of(value);
    if (!Files.isRegularFile(file)) {
      throw new IllegalArgumentException("--" + name + " " + value + ": no such file");
    }
    return file;
  }
}
