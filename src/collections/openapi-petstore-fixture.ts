/**
 * The Swagger petstore, written for the OpenAPI import tests in its well-known shape (tags pet,
 * store and user; `Pet` requiring `name` and `photoUrls`; an OAuth implicit flow and an `api_key`
 * header), once as Swagger 2.0 JSON and once as OpenAPI 3.0 YAML. Our service lives under `/v1`,
 * so the base path is `/v1` here; the tests also try the public `/v2` and `/api/v3` ones.
 */

export function swaggerPetstore(basePath = '/v1'): Record<string, unknown> {
  const petBody = {
    in: 'body',
    name: 'body',
    description: 'Pet object that needs to be added to the store',
    required: true,
    schema: { $ref: '#/definitions/Pet' },
  };
  return {
    swagger: '2.0',
    info: { title: 'Swagger Petstore', version: '1.0.7' },
    host: 'petstore.swagger.io',
    basePath,
    tags: [
      { name: 'pet', description: 'Everything about your Pets' },
      { name: 'store', description: 'Access to Petstore orders' },
      { name: 'user', description: 'Operations about user' },
    ],
    schemes: ['https', 'http'],
    paths: {
      '/pet': {
        post: {
          tags: ['pet'],
          summary: 'Add a new pet to the store',
          operationId: 'addPet',
          consumes: ['application/json', 'application/xml'],
          parameters: [petBody],
          responses: { '405': { description: 'Invalid input' } },
          security: [{ petstore_auth: ['write:pets', 'read:pets'] }],
        },
        put: {
          tags: ['pet'],
          summary: 'Update an existing pet',
          operationId: 'updatePet',
          consumes: ['application/json', 'application/xml'],
          parameters: [petBody],
          responses: { '400': { description: 'Invalid ID supplied' } },
        },
      },
      '/pet/findByStatus': {
        get: {
          tags: ['pet'],
          summary: 'Finds Pets by status',
          operationId: 'findPetsByStatus',
          parameters: [
            {
              name: 'status',
              in: 'query',
              required: true,
              type: 'array',
              items: {
                type: 'string',
                enum: ['available', 'pending', 'sold'],
                default: 'available',
              },
              collectionFormat: 'multi',
              'x-example': ['available', 'pending'],
            },
          ],
          responses: {
            '200': {
              description: 'successful operation',
              schema: { type: 'array', items: { $ref: '#/definitions/Pet' } },
            },
          },
        },
      },
      '/pet/{petId}': {
        get: {
          tags: ['pet'],
          summary: 'Find pet by ID',
          operationId: 'getPetById',
          parameters: [
            {
              name: 'petId',
              in: 'path',
              required: true,
              type: 'integer',
              format: 'int64',
              'x-example': 10,
            },
          ],
          responses: {
            '200': { description: 'successful operation', schema: { $ref: '#/definitions/Pet' } },
          },
          security: [{ api_key: [] }],
        },
        post: {
          tags: ['pet'],
          summary: 'Updates a pet in the store with form data',
          operationId: 'updatePetWithForm',
          consumes: ['application/x-www-form-urlencoded'],
          parameters: [
            { name: 'petId', in: 'path', required: true, type: 'integer' },
            { name: 'name', in: 'formData', required: false, type: 'string' },
          ],
          responses: { '405': { description: 'Invalid input' } },
        },
        delete: {
          tags: ['pet'],
          summary: 'Deletes a pet',
          operationId: 'deletePet',
          parameters: [
            { name: 'api_key', in: 'header', required: false, type: 'string' },
            { name: 'petId', in: 'path', required: true, type: 'integer' },
          ],
          responses: { '400': { description: 'Invalid ID supplied' } },
        },
      },
      '/store/inventory': {
        get: {
          tags: ['store'],
          summary: 'Returns pet inventories by status',
          operationId: 'getInventory',
          produces: ['application/json'],
          parameters: [],
          responses: { '200': { description: 'successful operation' } },
        },
      },
      '/store/order': {
        post: {
          tags: ['store'],
          summary: 'Place an order for a pet',
          operationId: 'placeOrder',
          parameters: [
            { in: 'body', name: 'body', required: true, schema: { $ref: '#/definitions/Order' } },
          ],
          responses: { '200': { description: 'successful operation' } },
        },
      },
      '/store/order/{orderId}': {
        get: {
          tags: ['store'],
          operationId: 'getOrderById',
          parameters: [
            {
              name: 'orderId',
              in: 'path',
              required: true,
              type: 'integer',
              minimum: 1,
              maximum: 10,
            },
          ],
          responses: { '200': { description: 'successful operation' } },
        },
      },
      '/user/login': {
        get: {
          tags: ['user'],
          summary: 'Logs user into the system',
          operationId: 'loginUser',
          parameters: [
            {
              name: 'username',
              in: 'query',
              required: true,
              type: 'string',
              'x-example': 'theUser',
            },
            {
              name: 'password',
              in: 'query',
              required: true,
              type: 'string',
              'x-example': 'hunter2-secret',
            },
          ],
          responses: { '200': { description: 'successful operation' } },
        },
      },
    },
    securityDefinitions: {
      petstore_auth: {
        type: 'oauth2',
        authorizationUrl: 'https://petstore.swagger.io/oauth/authorize',
        flow: 'implicit',
        scopes: { 'write:pets': 'modify pets in your account', 'read:pets': 'read your pets' },
      },
      api_key: { type: 'apiKey', name: 'api_key', in: 'header' },
    },
    definitions: {
      Order: {
        type: 'object',
        properties: {
          id: { type: 'integer', format: 'int64' },
          petId: { type: 'integer', format: 'int64' },
          quantity: { type: 'integer', format: 'int32' },
          shipDate: { type: 'string', format: 'date-time' },
          status: { type: 'string', enum: ['placed', 'approved', 'delivered'] },
          complete: { type: 'boolean', default: false },
        },
      },
      Category: {
        type: 'object',
        properties: { id: { type: 'integer', format: 'int64' }, name: { type: 'string' } },
      },
      Tag: {
        type: 'object',
        properties: { id: { type: 'integer', format: 'int64' }, name: { type: 'string' } },
      },
      Pet: {
        type: 'object',
        required: ['name', 'photoUrls'],
        properties: {
          id: { type: 'integer', format: 'int64' },
          category: { $ref: '#/definitions/Category' },
          name: { type: 'string', example: 'doggie' },
          photoUrls: { type: 'array', items: { type: 'string' } },
          tags: { type: 'array', items: { $ref: '#/definitions/Tag' } },
          status: { type: 'string', enum: ['available', 'pending', 'sold'] },
        },
      },
    },
  };
}

/** OpenAPI 3.0 petstore as YAML; `server` replaces the server URL. */
export function openApiPetstoreYaml(server = 'https://petstore.example.com/api/v1'): string {
  return `openapi: 3.0.3
info:
  title: Swagger Petstore - OpenAPI 3.0
  version: 1.0.19
servers:
  - url: ${server}
tags:
  - name: pet
    description: Everything about your Pets
  - name: store
    description: Access to Petstore orders
paths:
  /pet:
    put:
      tags: [pet]
      summary: Update an existing pet
      operationId: updatePet
      requestBody:
        $ref: '#/components/requestBodies/Pet'
      responses:
        '200': &petResponse
          description: Successful operation
          content:
            application/json:
              schema:
                $ref: '#/components/schemas/Pet'
      security:
        - petstore_auth: [write:pets, read:pets]
    post:
      tags: [pet]
      summary: Add a new pet to the store
      operationId: addPet
      requestBody:
        $ref: '#/components/requestBodies/Pet'
      responses:
        '200': *petResponse
  /pet/findByStatus:
    get:
      tags: [pet]
      summary: Finds Pets by status
      operationId: findPetsByStatus
      parameters:
        - name: status
          in: query
          required: false
          explode: true
          schema:
            type: string
            default: available
            enum: [available, pending, sold]
      responses:
        '200': *petResponse
  /pet/{petId}:
    parameters:
      - name: petId
        in: path
        description: ID of pet
        required: true
        schema:
          type: integer
          format: int64
          example: 10
    get:
      tags: [pet]
      summary: Find pet by ID
      operationId: getPetById
      responses:
        '200': *petResponse
      security:
        - api_key: []
    delete:
      tags: [pet]
      summary: Deletes a pet
      operationId: deletePet
      parameters:
        - name: api_key
          in: header
          required: false
          schema:
            type: string
      responses:
        '400':
          description: Invalid pet value
  /store/order:
    post:
      tags: [store]
      summary: Place an order for a pet
      operationId: placeOrder
      requestBody:
        content:
          application/json:
            schema:
              $ref: '#/components/schemas/Order'
            example:
              petId: 198772
              quantity: 7
              status: approved
          application/xml:
            schema:
              $ref: '#/components/schemas/Order'
      responses:
        '200':
          description: successful operation
  /user/logout:
    get:
      operationId: logoutUser
      responses:
        default:
          description: successful operation
components:
  schemas:
    Order:
      type: object
      properties:
        id: {type: integer, format: int64, example: 10}
        petId: {type: integer, format: int64, example: 198772}
        quantity: {type: integer, format: int32, example: 7}
        status: {type: string, enum: [placed, approved, delivered]}
    Category:
      type: object
      required: [name]
      properties:
        id: {type: integer, format: int64, example: 1}
        name: {type: string, example: Dogs}
    Tag:
      type: object
      properties:
        id: {type: integer, format: int64}
        name: {type: string}
    Pet:
      required: [name, photoUrls]
      type: object
      properties:
        id: {type: integer, format: int64, example: 10, readOnly: true}
        name: {type: string, example: doggie}
        category:
          $ref: '#/components/schemas/Category'
        photoUrls:
          type: array
          items: {type: string}
        tags:
          type: array
          items:
            $ref: '#/components/schemas/Tag'
        status:
          type: string
          description: pet status in the store
          enum: [available, pending, sold]
  requestBodies:
    Pet:
      description: Pet object that needs to be added to the store
      content:
        application/json:
          schema:
            $ref: '#/components/schemas/Pet'
        application/xml:
          schema:
            $ref: '#/components/schemas/Pet'
  securitySchemes:
    petstore_auth:
      type: oauth2
      flows:
        implicit:
          authorizationUrl: https://petstore3.swagger.io/oauth/authorize
          scopes:
            write:pets: modify pets in your account
            read:pets: read your pets
    api_key:
      type: apiKey
      name: api_key
      in: header
`;
}
