/**
 * Web adapter, WebFlux's part: what the same controller ({@code in.web.HelloController}) needs when Spring WebFlux
 * serves it instead of Spring MVC. The only adapter package that may name Reactor, Netty or
 * {@code org.springframework.web.reactive} (an ArchUnit rule).
 */
package dev.vtlab.adapters.in.webflux;
