package dev.vtlab.loadgen.architecture;

import dev.vtlab.archunit.CommonRules;
import dev.vtlab.archunit.RulesCanFailContract;
import dev.vtlab.loadgenfixture.loadgen.cyclea.NeedsB;
import dev.vtlab.loadgenfixture.loadgen.load.BurstKnowingTheMatrix;

import java.util.stream.Stream;

/**
 * Every rule can fail: each runs against {@code dev.vtlab.loadgenfixture}, a small tree with one violation per
 * rule, and must report it, naming the class that commits it; with a mistyped base package it must fail too.
 */
class LoadGeneratorRulesCanFailTest extends RulesCanFailContract {

    LoadGeneratorRulesCanFailTest() {
        super("dev.vtlab.loadgenfixture", LoadGeneratorArchitectureTest.BASE);
    }

    @Override
    protected Stream<Violation> violations() {
        return Stream.of(
                new Violation("layers", LoadGeneratorRules::layersOfTheLoadGenerator, BurstKnowingTheMatrix.class),
                new Violation("cycles", CommonRules::noPackageCycles, NeedsB.class));
    }
}
