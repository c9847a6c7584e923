-- Cache coherence across API processes (issue #15): every committed change to what the in-memory
-- catalogue cache answers notifies the channel `rentalp_cache`. NOTIFY inside a transaction is
-- delivered at commit (never for a rollback), so the notification is part of the very commit that
-- made the change, whatever code path wrote it. Payloads are tiny: `o:<order id>` (that order's
-- bookings), `u` (units out on delivery), `c` (the catalogue). PostgreSQL drops duplicates within a
-- transaction, so an order's twenty lines send one `o:` notification.
CREATE OR REPLACE FUNCTION rentalp_notify_order() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('rentalp_cache', 'o:' || OLD.id);
    RETURN NULL;
  END IF;
  -- Payments, names and notes do not change availability: no notification.
  IF TG_OP = 'UPDATE' AND NEW.status IS NOT DISTINCT FROM OLD.status AND NEW.mode IS NOT DISTINCT FROM OLD.mode
     AND NEW.date_from IS NOT DISTINCT FROM OLD.date_from AND NEW.date_to IS NOT DISTINCT FROM OLD.date_to THEN
    RETURN NULL;
  END IF;
  PERFORM pg_notify('rentalp_cache', 'o:' || NEW.id);
  -- A unit out for this order is held from the day after the order's end: new dates move that hold.
  IF TG_OP = 'UPDATE' AND (NEW.date_from IS DISTINCT FROM OLD.date_from OR NEW.date_to IS DISTINCT FROM OLD.date_to) THEN
    PERFORM pg_notify('rentalp_cache', 'u');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rentalp_notify_order_line() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.order_id = OLD.order_id AND NEW.product_id = OLD.product_id THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('rentalp_cache', 'o:' || OLD.order_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('rentalp_cache', 'o:' || NEW.order_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rentalp_notify_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rentalp_cache', TG_ARGV[0]);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER orders_notify_cache AFTER INSERT OR UPDATE OR DELETE ON "orders" FOR EACH ROW EXECUTE FUNCTION rentalp_notify_order();
--> statement-breakpoint
CREATE TRIGGER order_details_notify_cache AFTER INSERT OR UPDATE OR DELETE ON "order_details" FOR EACH ROW EXECUTE FUNCTION rentalp_notify_order_line();
--> statement-breakpoint
CREATE TRIGGER delivery_details_notify_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "delivery_details" FOR EACH STATEMENT EXECUTE FUNCTION rentalp_notify_cache('u');
--> statement-breakpoint
CREATE TRIGGER specific_products_notify_cache AFTER UPDATE OF "product_id" OR DELETE OR TRUNCATE ON "specific_products" FOR EACH STATEMENT EXECUTE FUNCTION rentalp_notify_cache('u');
--> statement-breakpoint
CREATE TRIGGER sites_notify_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sites" FOR EACH STATEMENT EXECUTE FUNCTION rentalp_notify_cache('c');
--> statement-breakpoint
CREATE TRIGGER sports_notify_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "sports" FOR EACH STATEMENT EXECUTE FUNCTION rentalp_notify_cache('c');
--> statement-breakpoint
CREATE TRIGGER shops_notify_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shops" FOR EACH STATEMENT EXECUTE FUNCTION rentalp_notify_cache('c');
--> statement-breakpoint
CREATE TRIGGER shop_sports_notify_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shop_sports" FOR EACH STATEMENT EXECUTE FUNCTION rentalp_notify_cache('c');
--> statement-breakpoint
CREATE TRIGGER categories_notify_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "categories" FOR EACH STATEMENT EXECUTE FUNCTION rentalp_notify_cache('c');
--> statement-breakpoint
CREATE TRIGGER products_notify_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION rentalp_notify_cache('c');
--> statement-breakpoint
CREATE TRIGGER product_categories_notify_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "product_categories" FOR EACH STATEMENT EXECUTE FUNCTION rentalp_notify_cache('c');
--> statement-breakpoint
CREATE TRIGGER prices_notify_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "prices" FOR EACH STATEMENT EXECUTE FUNCTION rentalp_notify_cache('c');
--> statement-breakpoint
CREATE TRIGGER related_products_notify_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "related_products" FOR EACH STATEMENT EXECUTE FUNCTION rentalp_notify_cache('c');
