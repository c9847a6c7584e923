CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"parent_id" integer,
	"sport_id" integer,
	"slug" text NOT NULL,
	"label" jsonb NOT NULL,
	"require_customer_info" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prices" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"id_main_price" integer,
	"amount" numeric(10, 2) NOT NULL,
	"original_amount" numeric(10, 2),
	"main_price" boolean DEFAULT false NOT NULL,
	"season" boolean DEFAULT false NOT NULL,
	"morning" boolean DEFAULT false NOT NULL,
	"afternoon" boolean DEFAULT false NOT NULL,
	"rent_days_from" integer,
	"rent_days_to" integer
);
--> statement-breakpoint
CREATE TABLE "product_categories" (
	"product_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	CONSTRAINT "product_categories_product_id_category_id_pk" PRIMARY KEY("product_id","category_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"code" text NOT NULL,
	"label" jsonb NOT NULL,
	"description" jsonb,
	"is_add_on" boolean DEFAULT false NOT NULL,
	"stock" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "related_products" (
	"product_id" integer NOT NULL,
	"related_product_id" integer NOT NULL,
	"recommended" boolean DEFAULT false NOT NULL,
	"has_delivery" boolean DEFAULT false NOT NULL,
	"has_pickup" boolean DEFAULT false NOT NULL,
	CONSTRAINT "related_products_product_id_related_product_id_pk" PRIMARY KEY("product_id","related_product_id")
);
--> statement-breakpoint
CREATE TABLE "shop_sports" (
	"shop_id" integer NOT NULL,
	"sport_id" integer NOT NULL,
	CONSTRAINT "shop_sports_shop_id_sport_id_pk" PRIMARY KEY("shop_id","sport_id")
);
--> statement-breakpoint
CREATE TABLE "shops" (
	"id" integer PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"slug" text NOT NULL,
	"label" text NOT NULL,
	"address" text NOT NULL,
	"postal_code" text,
	"city" text NOT NULL,
	"country" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"logos" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"lat" double precision,
	"lon" double precision,
	"season_from" text NOT NULL,
	"season_to" text NOT NULL,
	CONSTRAINT "shops_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"label" text NOT NULL,
	"region" text NOT NULL,
	"lat" double precision,
	"lon" double precision,
	CONSTRAINT "sites_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "specific_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"internal_code" text NOT NULL,
	"product_model" text NOT NULL,
	"size" text,
	"locked" boolean DEFAULT false NOT NULL,
	CONSTRAINT "specific_products_internal_code_unique" UNIQUE("internal_code")
);
--> statement-breakpoint
CREATE TABLE "fidelity_cards" (
	"id" serial PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"user_id" integer,
	"holder_name" text NOT NULL,
	"points" integer DEFAULT 0 NOT NULL,
	"active" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "fidelity_cards_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "reset_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer,
	"totem_id" integer,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"fiscal_code" text,
	"fidelity_card_number" text,
	"scope" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"amount" numeric(10, 2) NOT NULL,
	"blocked" boolean DEFAULT false NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "deliveries" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"totem_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"delivery_id" integer,
	"id_order_detail" integer,
	"specific_product_id" integer NOT NULL,
	"forced" boolean DEFAULT false NOT NULL,
	"datetime_delivery" timestamp with time zone,
	"datetime_return" timestamp with time zone,
	"used" boolean DEFAULT false NOT NULL,
	"managed" boolean DEFAULT false NOT NULL,
	"price" numeric(10, 2)
);
--> statement-breakpoint
CREATE TABLE "medias" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer,
	"user_id" integer,
	"original_name" text NOT NULL,
	"mime" text NOT NULL,
	"size" integer NOT NULL,
	"stored_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "order_detail_pools" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"index" integer NOT NULL,
	"customer" jsonb
);
--> statement-breakpoint
CREATE TABLE "order_details" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"pool_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"price_id" integer NOT NULL,
	"is_add_on" boolean DEFAULT false NOT NULL,
	"product_label" text NOT NULL,
	"unit_price" numeric(10, 2) NOT NULL,
	"total_price" numeric(10, 2) NOT NULL,
	"original_total_price" numeric(10, 2) NOT NULL,
	"total_tax" numeric(10, 2) NOT NULL,
	"total_taxable" numeric(10, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"uuid" text NOT NULL,
	"number" text NOT NULL,
	"shop_id" integer NOT NULL,
	"user_id" integer,
	"status" text DEFAULT 'confirmed' NOT NULL,
	"mode" integer NOT NULL,
	"date_from" text NOT NULL,
	"date_to" text NOT NULL,
	"morning" boolean DEFAULT false NOT NULL,
	"afternoon" boolean DEFAULT false NOT NULL,
	"season" boolean DEFAULT false NOT NULL,
	"days" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"invoice" boolean DEFAULT false NOT NULL,
	"fiscal_code" text,
	"fidelity_card_number" text,
	"coupon_codes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"locale" text DEFAULT 'it' NOT NULL,
	"ref" text,
	"total_amount" numeric(10, 2) NOT NULL,
	"original_total_amount" numeric(10, 2) NOT NULL,
	"discount" numeric(10, 2) DEFAULT 0 NOT NULL,
	"total_tax" numeric(10, 2) NOT NULL,
	"total_taxable" numeric(10, 2) NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_uuid_unique" UNIQUE("uuid"),
	CONSTRAINT "orders_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "booking_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"date_from" text NOT NULL,
	"date_to" text NOT NULL,
	"people" integer NOT NULL,
	"message" text NOT NULL,
	"locale" text DEFAULT 'it' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pathways" (
	"id" serial PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"label" text NOT NULL,
	"site_id" integer NOT NULL,
	"sport_id" integer NOT NULL,
	"description" jsonb,
	"gpx_file" text NOT NULL,
	"distance" double precision NOT NULL,
	"elevation_gain" double precision NOT NULL,
	"elevation_loss" double precision NOT NULL,
	"moving_time" double precision NOT NULL,
	CONSTRAINT "pathways_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "pos_logs" (
	"id" serial PRIMARY KEY NOT NULL,
	"totem_id" integer,
	"order_number" text NOT NULL,
	"date" text NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "totems" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"type" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"pairing_code_hash" text NOT NULL,
	"password_hash" text NOT NULL,
	"pos" text,
	"data_security_user_optional" boolean DEFAULT false NOT NULL,
	"server_url" text,
	CONSTRAINT "totems_code_unique" UNIQUE("code")
);
--> statement-breakpoint
ALTER TABLE "sports" ADD COLUMN "names" jsonb;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "prices" ADD CONSTRAINT "prices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_categories" ADD CONSTRAINT "product_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_products" ADD CONSTRAINT "related_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "related_products" ADD CONSTRAINT "related_products_related_product_id_products_id_fk" FOREIGN KEY ("related_product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_sports" ADD CONSTRAINT "shop_sports_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_sports" ADD CONSTRAINT "shop_sports_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shops" ADD CONSTRAINT "shops_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "specific_products" ADD CONSTRAINT "specific_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "fidelity_cards" ADD CONSTRAINT "fidelity_cards_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reset_codes" ADD CONSTRAINT "reset_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tokens" ADD CONSTRAINT "tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deliveries" ADD CONSTRAINT "deliveries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_details" ADD CONSTRAINT "delivery_details_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_details" ADD CONSTRAINT "delivery_details_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_details" ADD CONSTRAINT "delivery_details_id_order_detail_order_details_id_fk" FOREIGN KEY ("id_order_detail") REFERENCES "public"."order_details"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_details" ADD CONSTRAINT "delivery_details_specific_product_id_specific_products_id_fk" FOREIGN KEY ("specific_product_id") REFERENCES "public"."specific_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medias" ADD CONSTRAINT "medias_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "medias" ADD CONSTRAINT "medias_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_detail_pools" ADD CONSTRAINT "order_detail_pools_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_pool_id_order_detail_pools_id_fk" FOREIGN KEY ("pool_id") REFERENCES "public"."order_detail_pools"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_details" ADD CONSTRAINT "order_details_price_id_prices_id_fk" FOREIGN KEY ("price_id") REFERENCES "public"."prices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_requests" ADD CONSTRAINT "booking_requests_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathways" ADD CONSTRAINT "pathways_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pathways" ADD CONSTRAINT "pathways_sport_id_sports_id_fk" FOREIGN KEY ("sport_id") REFERENCES "public"."sports"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "totems" ADD CONSTRAINT "totems_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_shop_idx" ON "categories" USING btree ("shop_id");--> statement-breakpoint
CREATE INDEX "prices_product_idx" ON "prices" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "prices_main_idx" ON "prices" USING btree ("id_main_price");--> statement-breakpoint
CREATE INDEX "products_shop_idx" ON "products" USING btree ("shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_shop_code_idx" ON "products" USING btree ("shop_id","code");--> statement-breakpoint
CREATE INDEX "specific_products_product_idx" ON "specific_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "tokens_user_idx" ON "tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "delivery_details_order_idx" ON "delivery_details" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "delivery_details_sp_idx" ON "delivery_details" USING btree ("specific_product_id");--> statement-breakpoint
CREATE INDEX "medias_order_idx" ON "medias" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "medias_user_idx" ON "medias" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pools_order_idx" ON "order_detail_pools" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_details_order_idx" ON "order_details" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_details_product_idx" ON "order_details" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_shop_dates_idx" ON "orders" USING btree ("shop_id","date_from","date_to");--> statement-breakpoint
CREATE INDEX "orders_user_idx" ON "orders" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "pathways_site_idx" ON "pathways" USING btree ("site_id");