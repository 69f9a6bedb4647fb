package dev.vtlab.archfixture.domain;

/** Fixture: a clean domain class. */
public record Entity(String name) {
}
