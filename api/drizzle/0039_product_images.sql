-- A product may have a picture, kept in the API's storage as an experience's is (the demo draws one per brand of each
-- category at seed time); the catalogue lists it with the product.
ALTER TABLE "products" ADD COLUMN "image_key" text;
