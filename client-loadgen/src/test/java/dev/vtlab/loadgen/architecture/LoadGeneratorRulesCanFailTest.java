package dev.vtlab.loadgen.architecture;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import dev.vtlab.loadgenfixture.loadgen.cyclea.NeedsB;
import dev.vtlab.loadgenfixture.loadgen.load.BurstKnowingTheMatrix;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.function.Function;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every rule can fail: each runs against {@code dev.vtlab.loadgenfixture}, a small tree with one violation per
 * rule, and must report it, naming the class that commits it; with a mistyped base package it must fail too.
 */
class LoadGeneratorRulesCanFailTest {

    private static final String FIXTURE = "dev.vtlab.loadgenfixture";
    private static JavaClasses fixture;
    private static JavaClasses production;

    @BeforeAll
    static void importClasses() {
        fixture = new ClassFileImporter().importPackages(FIXTURE);
        production = new ClassFileImporter().withImportOption(new ImportOption.DoNotIncludeTests())
                .importPackages(LoadGeneratorArchitectureTest.BASE);
    }

    static Stream<Arguments> rulesAndTheirViolators() {
        return Stream.of(
                Arguments.of("layers", (Function<String, ArchRule>) LoadGeneratorRules::layersOfTheLoadGenerator,
                        BurstKnowingTheMatrix.class),
                Arguments.of("cycles", (Function<String, ArchRule>) LoadGeneratorRules::noPackageCycles,
                        NeedsB.class));
    }

    @ParameterizedTest(name = "{0} rule reports {2}")
    @MethodSource("rulesAndTheirViolators")
    void each_rule_reports_the_violation_in_the_fixture(String name, Function<String, ArchRule> rule,
                                                         Class<?> violator) {
        EvaluationResult result = rule.apply(FIXTURE).evaluate(fixture);

        assertThat(result.hasViolation()).isTrue();
        assertThat(String.join("\n", result.getFailureReport().getDetails())).contains(violator.getName());
    }

    @ParameterizedTest(name = "{0} rule fails on a mistyped package")
    @MethodSource("rulesAndTheirViolators")
    void a_mistyped_base_package_fails_instead_of_checking_nothing(String name, Function<String, ArchRule> rule,
                                                                   Class<?> violator) {
        assertThatThrownBy(() -> rule.apply("dev.vtlab.mistyped").check(production))
                .isInstanceOf(AssertionError.class);
    }
}
