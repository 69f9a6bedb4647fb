package dev.vtlab.archfixture.adapters.out.jdbc;

import java.sql.Connection;

/** Fixture: a JDBC adapter, which may speak JDBC (it makes the JDBC layer exist in the fixture). */
public class JdbcAdapter {

    public boolean usable(Connection connection) throws java.sql.SQLException {
        return connection.isValid(1);
    }
}
