package dev.vtlab.archfixture.application;

import dev.vtlab.archfixture.adapters.in.web.WebAdapterCallingPersistence;
import dev.vtlab.archfixture.domain.Entity;

/** Fixture violation: a use case that depends on a web adapter. */
public class ServiceKnowingTheWeb {

    public Entity handle(WebAdapterCallingPersistence web) {
        return new Entity(web.toString());
    }
}
