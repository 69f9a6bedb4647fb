/** Services: the implementations of the incoming ports. */
package dev.vtlab.application.service;
