package dev.vtlab.archunit;

import com.tngtech.archunit.lang.ArchRule;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

/** The rules every tree of this project keeps, built for a base package like the rest. */
public final class CommonRules {

    private CommonRules() {
    }

    /** No two packages depend on each other, directly or round a loop. */
    public static ArchRule noPackageCycles(String base) {
        return slices().matching(base + ".(**)").should().beFreeOfCycles()
                .because("a package that depends on its own dependents cannot be read, tested or moved alone");
    }
}
