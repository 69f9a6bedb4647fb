package dev.vtlab.archfixture.settings;

/** Fixture: a settings class, so that the Settings layer is not empty. */
public record Flags(boolean tomcat) {
}
