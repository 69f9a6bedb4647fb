package dev.vtlab.archfixture.domain;

/** Fixture violation: a domain class that depends on Spring. */
@org.springframework.stereotype.Component
public class SpringAnnotatedEntity {
}
