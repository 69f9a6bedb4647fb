CREATE ALIAS IF NOT EXISTS ORDERS_SLEEP FOR 'dev.vtlab.otherservice.SlowQuery.sleep';
CREATE TABLE IF NOT EXISTS orders (id BIGINT PRIMARY KEY);
MERGE INTO orders KEY (id) VALUES (1), (2), (3);
