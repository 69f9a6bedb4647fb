package dev.vtlab.archunit;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import com.tngtech.archunit.lang.EvaluationResult;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every rule can fail, proven two ways for each: on a fixture (a small tree with one violation per rule) it reports
 * the violation naming the class that commits it; with a mistyped base package it fails instead of checking
 * nothing. (That each holds in production is the architecture test's job.) A subclass names the fixture, the
 * production package and each rule with a class of the fixture that breaks it.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
public abstract class RulesCanFailContract {

    private static final String MISTYPED = "dev.vtlab.mistyped";

    /**
     * One rule and a fixture class that breaks it; a rule may be listed with several.
     *
     * @param name     how the test names the rule
     * @param rule     the rule, built for a base package
     * @param violator the fixture class the report must name
     */
    public record Violation(String name, Function<String, ArchRule> rule, Class<?> violator) {
    }

    private final String fixturePackage;
    private final String productionPackage;
    private JavaClasses fixture;
    private JavaClasses production;

    /**
     * @param fixturePackage    the fixture's base package
     * @param productionPackage the base package the rules check in production
     */
    protected RulesCanFailContract(String fixturePackage, String productionPackage) {
        this.fixturePackage = fixturePackage;
        this.productionPackage = productionPackage;
    }

    /** Every rule, each with at least one fixture class that breaks it. */
    protected abstract Stream<Violation> violations();

    @BeforeAll
    void importClasses() {
        fixture = new ClassFileImporter().importPackages(fixturePackage);
        production = new ClassFileImporter().withImportOption(new ProductionClasses())
                .importPackages(productionPackage);
    }

    Stream<Arguments> rulesAndTheirViolators() {
        return violations().map(v -> Arguments.of(v.name(), v.rule(), v.violator()));
    }

    /** Each rule once, by name. */
    Stream<Arguments> rules() {
        Map<String, Function<String, ArchRule>> byName = new LinkedHashMap<>();
        violations().forEach(v -> byName.putIfAbsent(v.name(), v.rule()));
        return byName.entrySet().stream().map(e -> Arguments.of(e.getKey(), e.getValue()));
    }

    @ParameterizedTest(name = "{0} rule reports {2}")
    @MethodSource("rulesAndTheirViolators")
    void each_rule_reports_the_violation_in_the_fixture(String name, Function<String, ArchRule> rule,
                                                         Class<?> violator) {
        EvaluationResult result = rule.apply(fixturePackage).evaluate(fixture);

        assertThat(result.hasViolation()).isTrue();
        assertThat(result.getFailureReport().getDetails()).anyMatch(line -> line.contains(violator.getName()));
    }

    @ParameterizedTest(name = "{0} rule fails on a mistyped package")
    @MethodSource("rules")
    void a_mistyped_base_package_fails_instead_of_checking_nothing(String name, Function<String, ArchRule> rule) {
        // An empty layer is a violation; a rule whose that() matches nothing fails as "failed to check any classes".
        assertThatThrownBy(() -> rule.apply(MISTYPED).check(production))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining(MISTYPED);
    }
}
