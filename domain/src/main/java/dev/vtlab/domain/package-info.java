/**
 * Domain: the model of a visit and of a greeting. Depends on nothing but the JDK.
 */
package dev.vtlab.domain;
