package dev.vtlab.archfixture.adapters.in.web;

import dev.vtlab.archfixture.adapters.out.jdbc.JdbcAdapter;

import java.sql.DriverManager;
import java.sql.SQLException;

/** Fixture violation: a controller that opens its own connection and calls the JDBC adapter directly. */
public class WebAdapterQueryingTheDatabase {

    public boolean healthy() throws SQLException {
        return new JdbcAdapter().usable(DriverManager.getConnection("jdbc:h2:mem:x"));
    }
}
