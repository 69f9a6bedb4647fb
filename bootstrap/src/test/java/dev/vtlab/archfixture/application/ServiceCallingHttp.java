package dev.vtlab.archfixture.application;

import java.net.http.HttpClient;

/** Fixture violation: a use case that speaks HTTP itself. */
public class ServiceCallingHttp {

    public HttpClient client() {
        return HttpClient.newHttpClient();
    }
}
