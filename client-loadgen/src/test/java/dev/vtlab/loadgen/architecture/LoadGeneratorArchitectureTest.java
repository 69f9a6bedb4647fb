package dev.vtlab.loadgen.architecture;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;
import dev.vtlab.archunit.CommonRules;

/** The load generator's architecture, checked on its production classes; each rule is proven able to fail in
 * {@link LoadGeneratorRulesCanFailTest}. */
@AnalyzeClasses(packages = LoadGeneratorArchitectureTest.BASE, importOptions = ImportOption.DoNotIncludeTests.class)
class LoadGeneratorArchitectureTest {

    static final String BASE = "dev.vtlab";

    @ArchTest
    static final ArchRule layers_of_the_load_generator = LoadGeneratorRules.layersOfTheLoadGenerator(BASE);

    @ArchTest
    static final ArchRule no_package_cycles = CommonRules.noPackageCycles(BASE);
}
