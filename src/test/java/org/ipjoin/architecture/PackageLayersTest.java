package org.ipjoin.architecture;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.Architectures.layeredArchitecture;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertFalse;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The package structure of ipjoin's production classes, checked on the compiled classes: layers
 * one way down ({@code cli -> api -> job -> index -> ip}, all on {@code problem}), {@code job}
 * cut by where code runs, {@code index} from the builder down to the list syntax, no cycle
 * between any two packages. A change that breaks one of these fails the build and names the
 * offending dependency.
 */
class PackageLayersTest {

  private static JavaClasses production;

  @BeforeAll
  static void importProductionClasses() {
    production = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_JARS)
        .importPackages("org.ipjoin");
    // An empty import would let every rule below pass: make sure the classes are there.
    assertFalse(production.isEmpty(), "no production classes found under org.ipjoin");
  }

  @Test
  void layersPointDownOnly() {
    layeredArchitecture().consideringOnlyDependenciesInLayers()
        .layer("cli").definedBy("org.ipjoin.cli..")
        .layer("api").definedBy("org.ipjoin.api..")
        .layer("job").definedBy("org.ipjoin.job..")
        .layer("index").definedBy("org.ipjoin.index..")
        .layer("ip").definedBy("org.ipjoin.ip..")
        .layer("problem").definedBy("org.ipjoin.problem..")
        .whereLayer("cli").mayNotBeAccessedByAnyLayer()
        .whereLayer("api").mayOnlyBeAccessedByLayers("cli")
        .whereLayer("job").mayOnlyBeAccessedByLayers("cli", "api")
        .whereLayer("index").mayOnlyBeAccessedByLayers("cli", "api", "job")
        .whereLayer("ip").mayOnlyBeAccessedByLayers("cli", "api", "job", "index")
        .whereLayer("problem").mayOnlyBeAccessedByLayers("cli", "api", "job", "index", "ip")
        .check(production);
  }

  @Test
  void theJobIsCutByWhereCodeRuns() {
    // Driver code (before, during and after submission) configures the task classes; a task never
    // reaches back into the driver; the join's typed options sit below both, above the input and
    // locate code they check; what all agree on sits at the top of job and knows none of them.
    layeredArchitecture().consideringOnlyDependenciesInLayers()
        .layer("driver").definedBy("org.ipjoin.job.driver..")
        .layer("task").definedBy("org.ipjoin.job.task..")
        .layer("options").definedBy("org.ipjoin.job.options..")
        .layer("input").definedBy("org.ipjoin.job.input..")
        .layer("table").definedBy("org.ipjoin.job.table..")
        .layer("locate").definedBy("org.ipjoin.job.locate..")
        .layer("shared").definedBy("org.ipjoin.job")
        .whereLayer("driver").mayNotBeAccessedByAnyLayer()
        .whereLayer("task").mayOnlyBeAccessedByLayers("driver")
        .whereLayer("options").mayOnlyBeAccessedByLayers("driver", "task")
        .whereLayer("input").mayOnlyBeAccessedByLayers("driver", "task", "options")
        .whereLayer("table").mayOnlyBeAccessedByLayers("driver", "task", "options")
        .whereLayer("locate").mayOnlyBeAccessedByLayers("driver", "task", "options")
        .whereLayer("shared").mayOnlyBeAccessedByLayers("driver", "task", "options", "input",
            "table", "locate")
        .check(production);
  }

  @Test
  void theIndexIsBuiltFromTheListSyntaxUp() {
    layeredArchitecture().consideringOnlyDependenciesInLayers()
        .layer("builder").definedBy("org.ipjoin.index.builder..")
        .layer("load").definedBy("org.ipjoin.index.load..")
        .layer("lookup").definedBy("org.ipjoin.index.lookup..")
        .layer("format").definedBy("org.ipjoin.index.format..")
        .layer("list").definedBy("org.ipjoin.index.list..")
        .whereLayer("builder").mayNotBeAccessedByAnyLayer()
        .whereLayer("load").mayOnlyBeAccessedByLayers("builder")
        .whereLayer("lookup").mayOnlyBeAccessedByLayers("builder", "load")
        .whereLayer("format").mayOnlyBeAccessedByLayers("builder", "load", "lookup")
        .whereLayer("list").mayOnlyBeAccessedByLayers("builder", "load", "lookup", "format")
        .check(production);
  }

  @Test
  void noPackageCycles() {
    slices().matching("org.ipjoin.(**)").should().beFreeOfCycles().check(production);
  }

  @Test
  void theProblemPackageImportsNothingOfIpjoin() {
    noClasses().that().resideInAPackage("org.ipjoin.problem..")
        .should().dependOnClassesThat().resideInAnyPackage("org.ipjoin.cli..", "org.ipjoin.api..",
            "org.ipjoin.job..", "org.ipjoin.index..", "org.ipjoin.ip..")
        .check(production);
  }

  @Test
  void formatLookupListAndAddressCodeKnowNoHadoop() {
    // What a Hadoop-free caller (the Java API's lookups, a fuzzer, a benchmark) may load alone.
    noClasses().that().resideInAnyPackage("org.ipjoin.job.locate..", "org.ipjoin.index.list..",
            "org.ipjoin.index.format..", "org.ipjoin.index.lookup..", "org.ipjoin.ip..",
            "org.ipjoin.problem..")
        .should().dependOnClassesThat().resideInAPackage("org.apache.hadoop..")
        .check(production);
  }

  @Test
  void onlyTheLoadersTouchChannels() {
    noClasses().that().resideInAnyPackage("org.ipjoin.index.format..", "org.ipjoin.index.lookup..",
            "org.ipjoin.index.list..")
        .should().dependOnClassesThat().resideInAPackage("java.nio.channels..")
        .check(production);
  }

  @Test
  void noPackageIsNamedLikeGeneratedOutput() {
    // Build tools, ignore templates and structure tools take build/, out/, target/ and dist/ for
    // generated output and hide them: code there would be invisible to them.
    noClasses().should().resideInAnyPackage("..build..", "..out..", "..target..", "..dist..")
        .check(production);
  }
}
